//! `candyland report`: a board's [`Report`] rendered into one folder: every chart, `report.md`,
//! `report.html` (the same text with the charts inline, one self-contained page) and
//! `summary.json`.
//!
//! Every file is opened (as its temporary) before anything is computed, so a folder that cannot
//! be written fails at once. Each chart is built as one section record (`sections::Section`), its file stem,
//! heading, image and paragraph together, and matched to its file by stem. The text of the
//! report is built once as blocks (`document`) and written as Markdown and as HTML. Every file
//! is written before any is renamed into place, and the renames happen as one step under an
//! advisory lock on the folder, which also removes the files of an earlier report there that
//! this one does not write (as listed in its `summary.json`): the folder holds one report,
//! whole, even when two runs write into it at once.

use std::path::Path;

use crate::error::{Error, Result};

use crate::output::charts::Format;
use crate::output::file::{finish_all, FolderLock};
use crate::output::PendingFile;
use crate::results::report::Report;

mod document;
mod html;
pub mod loops;
mod markdown;
pub mod policies;
mod sections;

pub use crate::output::summary::{BoundedMean, EveryoneSummary, PlayersSummary, ReportSummary};

use document::document;
use html::html;
use markdown::markdown;
use sections::sections;

/// The charts of a report, in order: (file stem, heading). The last one only for games drawn
/// from a deck of cards (see [`Plan::new`]).
pub const CHARTS: [(&str, &str); 8] = [
    ("distribution", "How long a game lasts"),
    ("cdf", "Chance the game is over by turn n"),
    ("survival", "The long tail"),
    ("remaining", "Expected turns left from each space"),
    ("landing", "Chance of landing on each space"),
    ("players", "Several players"),
    ("whatif", "What each element costs or saves"),
    ("deck", "A real shuffled deck"),
];

/// The most characters of a report folder's name.
const MAX_FOLDER_CHARS: usize = 64;

/// The folder a board's report goes into, from its name by a strict rule: ASCII letters,
/// digits, `-`, `_` and `.` are kept, anything else becomes `-`; a leading `.` becomes `_`
/// (no hidden folders, no `..`); at most 64 characters; "board" if nothing is left. The result
/// is always one plain path component.
pub fn folder_name(name: &str) -> String {
    let mut folder: String = name
        .chars()
        .take(MAX_FOLDER_CHARS)
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '-'
            }
        })
        .collect();
    if folder.starts_with('.') {
        folder.replace_range(..1, "_");
    }
    if folder.chars().all(|c| c == '-') {
        folder = "board".to_string();
    }
    folder
}

/// The files of one report, opened ahead of time.
pub struct Plan {
    files: Files,
}

/// Every file of one report folder (the charts, `report.md`, `report.html`, `summary.json`),
/// opened before anything is computed, and the one way they are put in place together.
struct Files {
    dir: std::path::PathBuf,
    format: Format,
    /// (file stem, file name, file) of each chart, in the order of the game's chart list.
    charts: Vec<(&'static str, String, PendingFile)>,
    markdown: PendingFile,
    html: PendingFile,
    summary: PendingFile,
}

impl Files {
    /// Opens a file for each chart of `stems` and the three documents in `dir`.
    fn open(
        dir: &Path,
        format: Format,
        stems: impl IntoIterator<Item = &'static str>,
    ) -> Result<Files> {
        let charts = stems
            .into_iter()
            .map(|stem| {
                let name = format!("{stem}.{}", format.extension());
                let file = PendingFile::create(&dir.join(&name), "--out")?;
                Ok((stem, name, file))
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(Files {
            dir: dir.to_path_buf(),
            format,
            charts,
            markdown: PendingFile::create(&dir.join("report.md"), "--out")?,
            html: PendingFile::create(&dir.join("report.html"), "--out")?,
            summary: PendingFile::create(&dir.join("summary.json"), "--out")?,
        })
    }

    /// The names of every file, charts first.
    fn names(&self) -> Vec<String> {
        let mut files: Vec<String> = self.charts.iter().map(|c| c.1.clone()).collect();
        files.extend(["report.md", "report.html", "summary.json"].map(String::from));
        files
    }

    /// Writes every chart of `sections` and the three documents, and puts them in place;
    /// returns the file names. A chart opened but not drawn, or drawn but not opened, is an
    /// error.
    fn finish(
        self,
        sections: &[sections::Section],
        markdown: &str,
        html: &str,
        json: &str,
    ) -> Result<Vec<String>> {
        let files = self.names();
        let mut charts = self.charts;
        let mut pending: Vec<(PendingFile, &[u8])> = Vec::new();
        for section in sections {
            let i = charts
                .iter()
                .position(|c| c.0 == section.stem)
                .ok_or_else(|| {
                    Error::Internal(format!("no file was opened for the {} chart", section.stem))
                })?;
            pending.push((charts.remove(i).2, &section.image));
        }
        if let Some(unused) = charts.first() {
            return Err(Error::Internal(format!(
                "the {} chart was not drawn",
                unused.0
            )));
        }
        pending.push((self.summary, json.as_bytes()));
        pending.push((self.markdown, markdown.as_bytes()));
        pending.push((self.html, html.as_bytes()));
        // Every file is written to its temporary first and only then are they renamed, all in
        // one step: a failure leaves the folder as it was, a catchable signal waits for the
        // step to end, and under the folder's lock a concurrent report into the same folder
        // renames its own set before or after, never in between. Files of the earlier report
        // that this one does not write are removed in the same step.
        let mut written = Vec::new();
        for (mut file, bytes) in pending {
            file.write(bytes)?;
            written.push(file);
        }
        let lock = FolderLock::acquire(&self.dir)?;
        let stale = stale_files(&self.dir, &files);
        finish_all(written, || {
            for name in &stale {
                let _ = std::fs::remove_file(self.dir.join(name));
            }
        })?;
        drop(lock);
        Ok(files)
    }
}

/// The folder of `board`'s report, checked and created, with every file of it opened, before
/// anything is computed: `out` as given, or (with `all`, a report of every shipped board)
/// `out/<folder>`, or `reports/<folder>`, the folder named from the board's name by
/// [`folder_name`].
pub fn prepare(
    board: &crate::games::BoardSource,
    variant: &crate::games::Variant,
    out: Option<&Path>,
    all: bool,
    format: Format,
) -> Result<(std::path::PathBuf, Plan)> {
    let (name, has_deck) = crate::games::with_game(board, NameAndDeck(variant))??;
    let dir = folder(&name, out, all)?;
    let plan = Plan::new(&dir, format, has_deck)?;
    Ok((dir, plan))
}

/// [`prepare`] for a policy game's board (its own report, [`policies::PolicyPlan`]); `None`
/// for a race's.
pub fn prepare_policies(
    board: &crate::games::BoardSource,
    variant: &crate::games::Variant,
    out: Option<&Path>,
    all: bool,
    format: Format,
) -> Result<Option<(std::path::PathBuf, policies::PolicyPlan)>> {
    struct Name<'a>(&'a crate::games::BoardSource, &'a crate::games::Variant);
    impl crate::games::PolicyVisitor for Name<'_> {
        type Output = Result<String, crate::input::error::UserError>;
        fn visit<P: crate::games::PolicyGame>(self) -> Self::Output {
            Ok(P::parse(&self.0.label, &self.0.text, self.1)?
                .name()
                .to_string())
        }
    }
    let Some(name) = crate::games::with_policy_game(board, Name(board, variant))? else {
        return Ok(None);
    };
    let dir = folder(&name?, out, all)?;
    let plan = policies::PolicyPlan::new(&dir, format)?;
    Ok(Some((dir, plan)))
}

/// [`prepare`] for a board that loops (its own report, [`loops::LoopPlan`]); `None` for
/// another game's.
pub fn prepare_loops(
    board: &crate::games::BoardSource,
    variant: &crate::games::Variant,
    out: Option<&Path>,
    all: bool,
    format: Format,
) -> Result<Option<(std::path::PathBuf, loops::LoopPlan)>> {
    struct Name<'a>(&'a crate::games::BoardSource, &'a crate::games::Variant);
    impl crate::games::LoopVisitor for Name<'_> {
        type Output = Result<(String, bool), crate::input::error::UserError>;
        fn visit<G: crate::games::LoopGame>(self) -> Self::Output {
            let game = G::parse(&self.0.label, &self.0.text, self.1)?;
            let rents = (0..game.squares()).any(|i| game.rent(i).is_some());
            Ok((game.name().to_string(), rents))
        }
    }
    let Some(named) = crate::games::with_loop_game(board, Name(board, variant))? else {
        return Ok(None);
    };
    let (name, rents) = named?;
    let dir = folder(&name, out, all)?;
    let plan = loops::LoopPlan::new(&dir, format, rents)?;
    Ok(Some((dir, plan)))
}

/// The folder of the report of the board named `name`, created.
fn folder(name: &str, out: Option<&Path>, all: bool) -> Result<std::path::PathBuf> {
    // The folder is named by a strict rule, never by the name itself: a board file is someone
    // else's text, and its name could be "../../somewhere" or "/etc".
    let folder = folder_name(name);
    let dir = match (out, all) {
        (Some(out), false) => out.to_path_buf(),
        (Some(out), true) => out.join(&folder),
        (None, _) => Path::new("reports").join(&folder),
    };
    // A folder the tool names itself (under `reports/`, or under --out with --all) is never
    // followed through a link someone planted there: it would send the report elsewhere.
    let named_here = out.is_none() || all;
    if named_here && std::fs::symlink_metadata(&dir).is_ok_and(|m| m.file_type().is_symlink()) {
        return Err(crate::input::error::UserError::BadFlag {
            flag: "--out".into(),
            message: format!(
                "'{}' is a symbolic link; a report folder this tool names is never followed through a link, so remove the link or give the folder with --out",
                dir.display()
            ),
        }
        .into());
    }
    crate::output::create_folder(&dir, "--out")?;
    Ok(dir)
}

/// A board's name and whether it has a deck, with the variant applied: enough to plan its
/// folder before anything is computed.
struct NameAndDeck<'a>(&'a crate::games::Variant);

impl crate::games::GameVisitor for NameAndDeck<'_> {
    type Output = Result<(String, bool), crate::input::error::UserError>;
    fn visit<G: crate::games::Game>(
        self,
        source: crate::games::Source<G>,
    ) -> Result<(String, bool), crate::input::error::UserError> {
        let game = source.game(self.0)?;
        Ok((game.name().to_string(), game.has_deck()))
    }
}

impl Plan {
    /// Opens every file; `has_deck` says whether the game deals cards from a deck (else the
    /// shuffled-deck chart is left out).
    pub fn new(dir: &Path, format: Format, has_deck: bool) -> Result<Plan> {
        let stems = CHARTS
            .iter()
            .map(|&(stem, _)| stem)
            .filter(|&stem| has_deck || stem != "deck");
        Ok(Plan {
            files: Files::open(dir, format, stems)?,
        })
    }

    /// [`Plan::write`], refused at once when drawing would take longer than the budget has
    /// left.
    pub fn write_within(
        self,
        r: &Report,
        size: (u32, u32),
        command: &str,
        budget: &crate::budget::Budget,
    ) -> Result<Vec<String>> {
        // Drawing: about 0.1 s of processor time for the charts at the default size (most of
        // it encoding pixels), and the board and landing charts grow with the spaces.
        let pixels = f64::from(size.0) * f64::from(size.1);
        budget.time(
            "drawing the charts and writing the report",
            crate::budget::idle(0.1 * pixels / 960_000.0 + 2e-7 * r.analysis.spaces as f64),
            "",
        )?;
        self.write(r, size, command)
    }

    /// Renders the report at `size` and puts every file in place; returns the file names.
    /// `command` is the command line that made it, as the report quotes it ("Generated by
    /// ..."): quoted for a shell by the caller.
    pub fn write(self, r: &Report, size: (u32, u32), command: &str) -> Result<Vec<String>> {
        let files = self.files;
        let summary = ReportSummary {
            generated_by: Some(crate::results::report::GeneratedBy::this(command)),
            ..ReportSummary::of(r, files.names())
        };
        let sections = sections(r, &summary, files.format, size)?;
        let blocks = document(&summary, r, &sections, command);
        let markdown = markdown(&blocks, &sections, files.format);
        let html = html(&format!("Report: {}", summary.board), &blocks, &sections);
        let json = crate::output::json::document("report", &summary)?;
        files.finish(&sections, &markdown, &html, &json)
    }
}

/// The largest `summary.json` read back for its list of files.
const MAX_SUMMARY_BYTES: u64 = 64 << 20;

/// Every file name a report can write (of any game): each chart in either format, the two
/// pages and `summary.json`. Only these are ever removed from a report folder.
pub fn report_file_names() -> Vec<String> {
    let mut names: Vec<String> = CHARTS
        .iter()
        .chain(policies::CHARTS.iter())
        .flat_map(|(stem, _)| {
            [Format::Png, Format::Svg].map(|f| format!("{stem}.{}", f.extension()))
        })
        .collect();
    names.extend(["report.md", "report.html", "summary.json"].map(String::from));
    names
}

/// The files of the earlier report in `dir` that the new one (writing `files`) does not
/// write: those listed in the earlier `summary.json` (its manifest) that are report files by
/// name. Nothing else in the folder is touched, so a folder the user shares with other files
/// keeps them; a file of an earlier report whose `summary.json` is gone stays too.
fn stale_files(dir: &Path, files: &[String]) -> Vec<String> {
    let path = dir.join("summary.json");
    let regular =
        std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_file() && m.len() <= MAX_SUMMARY_BYTES);
    let Some(text) = regular.then(|| std::fs::read(&path).ok()).flatten() else {
        return Vec::new();
    };
    let Ok(doc) = serde_json::from_slice::<serde_json::Value>(&text) else {
        return Vec::new();
    };
    if doc.get("command").and_then(|c| c.as_str()) != Some("report") {
        return Vec::new();
    }
    let known = report_file_names();
    doc.get("files")
        .and_then(|f| f.as_array())
        .into_iter()
        .flatten()
        .filter_map(|f| f.as_str())
        .filter(|f| known.iter().any(|k| k == f) && !files.iter().any(|n| n == f))
        .map(String::from)
        .collect()
}
