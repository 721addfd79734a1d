//! What a page or a program offers a user before asking: a board's rules and elements
//! ([`candyland::choices`]), the printed boxes ([`candyland::BOXES`]), and `analyze` of any
//! board, a game of computer players included, through the public API.

use candyland::{
    analyze, choices, read_board, AnalyzeAnswer, AnalyzeOptions, Budget, Variant, BOXES,
};

use crate::common::run;

#[test]
fn every_value_choices_offers_is_one_analyze_takes() {
    let board = read_board(Some("candy-land-1984")).unwrap();
    let c = choices(&board).unwrap();
    assert_eq!(c.game, "candyland");
    // The board's own rule book (its file's [rules]): sticky spaces hold until their colour.
    let licorice = c.rules.iter().find(|r| r.key == "licorice").unwrap();
    assert_eq!(licorice.board, "stuck-until-color");
    assert!(licorice.words.iter().any(|w| w == "lose-next-turn"));
    let elements: Vec<&str> = c.elements.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(elements, ["licorice", "landmarks", "shortcuts"]);
    // Each value of each rule, set as `--RULE VALUE` sets it, is a board `analyze` answers.
    let budget = Budget::default();
    for rule in &c.rules {
        assert_eq!(rule.values.len(), rule.words.len(), "{}", rule.key);
        assert!(
            rule.words.contains(&rule.board),
            "{}: {}",
            rule.key,
            rule.board
        );
        for value in &rule.values {
            let options = AnalyzeOptions {
                variant: Variant::default().with_rule(&rule.key, value.clone()),
                ..AnalyzeOptions::default()
            };
            let answer = analyze(&board, &options, &budget);
            assert!(answer.is_ok(), "--{} {value}: {:?}", rule.key, answer.err());
        }
    }
}

#[test]
fn a_game_of_computer_players_offers_no_rule_flags() {
    let board = read_board(Some("hare-and-tortoise")).unwrap();
    let c = choices(&board).unwrap();
    assert!(c.rules.is_empty() && c.elements.is_empty(), "{c:?}");
}

#[test]
fn every_box_names_a_shipped_board_and_one_is_the_default_exactly() {
    for b in BOXES {
        assert!(read_board(Some(b.board)).is_ok(), "{}", b.board);
    }
    assert!(BOXES
        .iter()
        .any(|b| b.exact && b.board == candyland::DEFAULT_BOARD));
}

#[test]
fn analyze_answers_a_game_of_computer_players_as_the_command_line_does() {
    let board = read_board(Some("hare-and-tortoise")).unwrap();
    let answer = analyze(&board, &AnalyzeOptions::default(), &Budget::default()).unwrap();
    assert!(matches!(answer, AnalyzeAnswer::Policies(_)));
    let json = candyland::render(
        &answer,
        candyland::Format::Json,
        candyland::Layout::default(),
    )
    .unwrap();
    let (code, cli, err) = run(&["analyze", "hare-and-tortoise", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(json, cli);
}
