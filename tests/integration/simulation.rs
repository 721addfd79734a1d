//! The simulator against the exact solver, its determinism, and the published figures of
//! Chris Clark, "Adventures in Candy Land" (2021).

use candyland::internals::chain::Chain;
use candyland::internals::games::load::About;
use candyland::internals::games::load::{parse, read_board};
use candyland::internals::games::{shipped, Game, Variant};
use candyland::internals::games::{CandyLand, GameVisitor, Source};
use candyland::internals::sim::{simulate, DeckMode, SimOptions, SimResult, Simulator, CHUNK};
use candyland::internals::solve::{Analysis, Options};
use candyland::internals::stats::{chi_square, Summary, P_FLOOR, Z_LIMIT};

fn setup(board: &str, variant: &Variant) -> (Analysis, Simulator) {
    struct Setup<'a>(&'a Variant);
    impl GameVisitor for Setup<'_> {
        type Output = (Analysis, Simulator);
        fn visit<G: Game>(self, source: Source<G>) -> (Analysis, Simulator) {
            let g = source.game(self.0).unwrap();
            let chain = Chain::build(&g);
            let a = Analysis::of(&g, &chain, About::default(), &Options::default()).unwrap();
            (a, Simulator::new(&chain))
        }
    }
    candyland::internals::games::with_game(&read_board(Some(board)).unwrap(), Setup(variant))
        .unwrap()
}

fn run(sim: &Simulator, games: u64, seed: u64, deck: DeckMode) -> SimResult {
    let options = SimOptions {
        games,
        seed,
        deck,
        players: 1,
        max_turns: 1_000_000,
        keep_lengths: false,
    };
    simulate(sim, &options, &|_| {})
}

#[test]
fn iid_simulation_fits_the_exact_distribution_on_every_shipped_board() {
    for s in shipped::SHIPPED.iter() {
        let (exact, sim) = setup(s.name, &Variant::default());
        let games = 200_000;
        let r = run(&sim, games, 2026, DeckMode::Iid);
        assert_eq!(r.unfinished, 0);
        let sample = Summary::of(&r.histogram).unwrap();
        let z = (sample.mean - exact.expected_turns) / (exact.std_dev / (games as f64).sqrt());
        let chi = chi_square(&r.histogram, &exact.pmf, games).unwrap();
        assert!(z.abs() < Z_LIMIT, "{}: z = {z}", s.name);
        assert!(
            chi.p_value > P_FLOOR,
            "{}: chi-square p = {}",
            s.name,
            chi.p_value
        );
    }
}

#[test]
fn a_broken_simulator_would_be_caught() {
    // The same test must reject a sample from different rules: i.i.d. games of classic
    // without shortcuts against the exact distribution of classic.
    let (exact, _) = setup("clark-program", &Variant::default());
    let no_shortcuts = Variant::default().without("shortcuts");
    let (_, other) = setup("clark-program", &no_shortcuts);
    let games = 200_000;
    let r = run(&other, games, 2026, DeckMode::Iid);
    let chi = chi_square(&r.histogram, &exact.pmf, games).unwrap();
    assert!(chi.p_value < P_FLOOR, "p = {}", chi.p_value);
}

#[test]
fn results_do_not_depend_on_the_number_of_threads() {
    let (_, sim) = setup("treats", &Variant::default());
    let games = 3 * CHUNK + 17;
    for deck in [DeckMode::Iid, DeckMode::Shuffled] {
        let options = SimOptions {
            games,
            seed: 99,
            deck,
            players: 3,
            max_turns: 1_000_000,
            keep_lengths: true,
        };
        let results: Vec<SimResult> = [1, 2, 4]
            .iter()
            .map(|&threads| {
                rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .unwrap()
                    .install(|| simulate(&sim, &options, &|_| {}))
            })
            .collect();
        assert_eq!(results[0].lengths.len() as u64, games);
        assert_eq!(results[0], results[1]);
        assert_eq!(results[0], results[2]);
        // A different seed gives a different sample.
        let other = simulate(
            &sim,
            &SimOptions {
                seed: 100,
                ..options
            },
            &|_| {},
        );
        assert_ne!(other.lengths, results[0].lengths);
    }
}

/// Chris Clark's (2021) published one-player table: 10,000 shuffled-deck games per row (mean).
const PUBLISHED: [(&str, &[&str], f64); 4] = [
    ("Standard", &[], 38.6897),
    ("No Licorice", &["licorice"], 34.5284),
    ("No Specials", &["landmarks"], 27.6359),
    ("No Shortcuts", &["shortcuts"], 40.6276),
];

/// z of a published 10,000-game mean against our `games`-game mean, the standard error of each
/// estimated from our sample's sd (the write-up prints no sd).
fn z_against_published(r: &SimResult, published: f64) -> f64 {
    let s = Summary::of(&r.histogram).unwrap();
    let se = (s.sd * s.sd / 10_000.0 + s.sd * s.sd / r.games as f64).sqrt();
    (s.mean - published) / se
}

#[test]
fn clarks_published_table_is_reproduced_except_no_specials() {
    for (row, without, published) in PUBLISHED {
        let variant = without.iter().fold(Variant::default(), |v, e| v.without(e));
        let (_, sim) = setup("clark-program", &variant);
        let r = run(&sim, 200_000, 7, DeckMode::Shuffled);
        let z = z_against_published(&r, published);
        if row == "No Specials" {
            // The program as printed refills the characters' spaces with the colour pattern
            // (134 spaces); that board plays about 1.3 turns longer than the published mean,
            // far outside its sampling error.
            assert!(z > 8.0, "{row}: z = {z}");
        } else {
            assert!(z.abs() < Z_LIMIT, "{row}: z = {z}");
        }
    }
}

#[test]
fn the_published_no_specials_mean_fits_a_128_space_board() {
    let text = std::fs::read_to_string(format!(
        "{}/tests/fixtures/valid/clark-no-specials-128.toml",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let board: CandyLand = parse("clark-no-specials-128", &text, &Variant::default()).unwrap();
    let sim = Simulator::new(&Chain::build(&board));
    let r = run(&sim, 200_000, 7, DeckMode::Shuffled);
    let z = z_against_published(&r, PUBLISHED[2].2);
    assert!(z.abs() < Z_LIMIT, "z = {z}");
}

#[test]
fn the_finite_deck_effect_on_classic_is_significant() {
    let (exact, sim) = setup("clark-program", &Variant::default());
    let games = 200_000;
    let r = run(&sim, games, 11, DeckMode::Shuffled);
    let s = Summary::of(&r.histogram).unwrap();
    // The shuffled mean's 95 % interval lies wholly below the exact i.i.d. mean.
    assert!(
        s.mean_ci95.expect("no game cut")[1] < exact.expected_turns,
        "{:?} vs {}",
        s.mean_ci95,
        exact.expected_turns
    );
    // Every game draws one card per turn under stuck-until-color licorice.
    let turns: u64 = r
        .histogram
        .iter()
        .enumerate()
        .map(|(t, &c)| t as u64 * c)
        .sum();
    assert_eq!(r.cards, turns);
}

#[test]
fn a_burning_deck_draws_a_card_every_turn_and_changes_nothing_without_lost_turns() {
    // classic (stuck-until-color licorice) has no lost turns: burn plays exactly the games of
    // a shuffled deck, seed for seed. treats-as-coded (lose-next-turn) has them: every turn
    // then draws a card, so the cards drawn equal the turns played.
    let (_, classic) = setup("clark-program", &Variant::default());
    assert_eq!(
        run(&classic, 20_000, 5, DeckMode::Burn).histogram,
        run(&classic, 20_000, 5, DeckMode::Shuffled).histogram
    );
    let (_, coded) = setup("jones-program", &Variant::default());
    let burn = run(&coded, 20_000, 5, DeckMode::Burn);
    let turns: u64 = burn
        .histogram
        .iter()
        .enumerate()
        .map(|(t, &c)| t as u64 * c)
        .sum();
    assert_eq!(burn.cards, turns);
    let shuffled = run(&coded, 20_000, 5, DeckMode::Shuffled);
    assert!(
        shuffled.cards < turns,
        "lost turns draw no card in a plain shuffled deck"
    );
}
