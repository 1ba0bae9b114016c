//! The Laws' own cases, one test each.

use std::time::Duration;

use shakmaty::{CastlingMode, Chess, Color, Move, Role, Square, fen::Fen, san::San};

use super::*;

fn at(fen: &str) -> Game {
    at_with(fen, Edition::Laws2023, RateOfPlay::Standard)
}

fn at_with(fen: &str, edition: Edition, rate: RateOfPlay) -> Game {
    let pos: Chess = fen
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap();
    Game::from_position(pos, edition, rate)
}

fn mv(game: &Game, san: &str) -> Move {
    san.parse::<San>()
        .unwrap()
        .to_move(game.position())
        .unwrap_or_else(|e| panic!("{san}: {e}"))
}

fn play(game: &mut Game, sans: &str) -> Option<Outcome> {
    let mut last = None;
    for san in sans.split_whitespace() {
        let m = mv(game, san);
        last = game.play(m).unwrap_or_else(|e| panic!("{san}: {e}"));
    }
    last
}

fn two_minutes(to: Color) -> Option<Penalty> {
    Some(Penalty::AddTime {
        to,
        amount: Duration::from_secs(120),
    })
}

#[test]
fn checkmate_ends_the_game() {
    let mut game = Game::new(Edition::Laws2023, RateOfPlay::Standard);
    let end = play(&mut game, "f3 e5 g4 Qh4");
    assert_eq!(
        end,
        Some(Outcome::win(Color::Black, Termination::Checkmate))
    );
    let a3 = Move::Normal {
        role: Role::Pawn,
        from: Square::A2,
        capture: None,
        to: Square::A3,
        promotion: None,
    };
    assert!(matches!(game.play(a3), Err(GameError::Over(_))));
}

#[test]
fn stalemate_ends_the_game_in_a_draw() {
    let mut game = at("7k/8/4Q3/6K1/8/8/8/8 w - - 0 1");
    assert_eq!(
        play(&mut game, "Qf7"),
        Some(Outcome::draw(Termination::Stalemate))
    );
}

#[test]
fn capture_leaving_king_and_bishop_against_king_is_a_dead_position() {
    let mut game = at("4k3/8/8/8/8/8/3r4/3BK3 w - - 0 1");
    assert_eq!(
        play(&mut game, "Kxd2"),
        Some(Outcome::draw(Termination::DeadPosition))
    );
}

#[test]
fn locked_pawns_make_a_dead_position_with_pieces_left() {
    // From the unwinnability vectors: neither side can ever mate.
    let game = at("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1");
    assert_eq!(
        game.outcome(),
        Some(&Outcome::draw(Termination::DeadPosition))
    );
    // With a white rook on the board White can still mate; taking it kills the position.
    let mut game = at("2b1k3/3R4/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 b - - 0 1");
    assert_eq!(game.outcome(), None);
    assert_eq!(
        play(&mut game, "Kxd7"),
        Some(Outcome::draw(Termination::DeadPosition))
    );
}

const SHUFFLE: &str = "Nf3 Nf6 Ng1 Ng8";

#[test]
fn threefold_is_claimable_now_or_with_the_intended_move() {
    let mut game = Game::new(Edition::Laws2023, RateOfPlay::Standard);
    play(&mut game, SHUFFLE);
    play(&mut game, "Nf3 Nf6 Ng1");
    // Black intends Ng8: the start position would appear for the third time.
    assert_eq!(game.claimable(), Vec::new());
    let intended = mv(&game, "Ng8");
    assert_eq!(
        game.claim_is_correct(ClaimKind::Threefold, Some(intended)),
        Ok(true)
    );
    assert_eq!(game.claim_is_correct(ClaimKind::Threefold, None), Ok(false));
    let verdict = game.claim(Color::Black, ClaimKind::Threefold, Some(intended));
    assert_eq!(
        verdict,
        Ok(ClaimVerdict::Upheld(Outcome::draw(
            Termination::ThreefoldClaim
        )))
    );
    assert_eq!(
        game.plies(),
        7,
        "an upheld claim does not play the intended move"
    );
}

#[test]
fn threefold_on_the_board_belongs_to_the_player_having_the_move() {
    let mut game = Game::new(Edition::Laws2023, RateOfPlay::Standard);
    play(&mut game, SHUFFLE);
    play(&mut game, SHUFFLE);
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.claimable(), vec![ClaimKind::Threefold]);
    assert_eq!(
        game.claim(Color::Black, ClaimKind::Threefold, None),
        Err(GameError::NotOnMove(Color::Black))
    );
    assert!(matches!(
        game.claim(Color::White, ClaimKind::Threefold, None),
        Ok(ClaimVerdict::Upheld(_))
    ));
}

#[test]
fn fivefold_repetition_ends_the_game_by_itself() {
    let mut game = Game::new(Edition::Laws2023, RateOfPlay::Standard);
    for _ in 0..3 {
        assert_eq!(play(&mut game, SHUFFLE), None);
    }
    assert_eq!(
        play(&mut game, SHUFFLE),
        Some(Outcome::draw(Termination::FivefoldRepetition))
    );
    assert_eq!(game.plies(), 16);
}

#[test]
fn a_lost_en_passant_right_makes_a_different_position() {
    // After 1. e4 Black could take en passant; after the kings' walk it cannot.
    let mut game = at("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    play(&mut game, "e4");
    let with_ep = game.repetitions();
    play(&mut game, "Kd7 Kd1 Ke8 Ke1");
    assert_eq!((with_ep, game.repetitions()), (1, 1), "en passant counted");
    play(&mut game, "Kd7 Kd1 Ke8 Ke1");
    assert_eq!(game.repetitions(), 2);
    assert_eq!(game.claimable(), Vec::new());
    play(&mut game, "Kd7 Kd1 Ke8 Ke1");
    assert_eq!(game.claimable(), vec![ClaimKind::Threefold]);
}

#[test]
fn an_en_passant_square_that_cannot_be_used_does_not_count() {
    // The FEN names e3, but no black pawn can take there: same as without it.
    let a = RepetitionKey::of(
        &"4k3/8/8/8/8/8/8/4K3 b - e3 0 1"
            .parse::<Fen>()
            .unwrap()
            .into_position::<Chess>(CastlingMode::Standard)
            .unwrap_or_else(|e| e.ignore_invalid_ep_square().unwrap()),
    );
    let b = RepetitionKey::of(&at("4k3/8/8/8/8/8/8/4K3 b - - 0 1").pos);
    assert_eq!(a, b);
}

#[test]
fn castling_rights_are_part_of_the_position() {
    let mut game = at("r3k3/8/8/8/8/8/8/4K2R w K - 0 1");
    play(&mut game, "Rh2 Ra7 Rh1 Ra8");
    // Same pieces, but White can no longer castle.
    assert_eq!(game.repetitions(), 1);
}

#[test]
fn seventy_five_moves_draw_unless_the_last_move_mates() {
    let mut game = at("7k/8/6K1/8/8/8/8/R7 w - - 149 120");
    assert_eq!(
        play(&mut game, "Ra8"),
        Some(Outcome::win(Color::White, Termination::Checkmate))
    );
    let mut game = at("7k/8/6K1/8/8/8/8/R7 w - - 149 120");
    assert_eq!(
        play(&mut game, "Rb1"),
        Some(Outcome::draw(Termination::SeventyFiveMoves))
    );
}

#[test]
fn fifty_moves_claim_with_the_intended_move() {
    let fen = "7k/8/6K1/8/8/8/p7/R7 w - - 99 120";
    let mut game = at(fen);
    assert_eq!(game.claimable(), Vec::new());
    let quiet = mv(&game, "Rb1");
    assert_eq!(
        game.claim(Color::White, ClaimKind::FiftyMoves, Some(quiet)),
        Ok(ClaimVerdict::Upheld(Outcome::draw(
            Termination::FiftyMovesClaim
        )))
    );

    // A capture resets the count: the claim is wrong, the move stands, Black gets two
    // minutes, and the claim is a draw offer Black may accept.
    let mut game = at(fen);
    let capture = mv(&game, "Rxa2");
    assert_eq!(
        game.claim(Color::White, ClaimKind::FiftyMoves, Some(capture)),
        Ok(ClaimVerdict::Rejected {
            penalty: two_minutes(Color::Black),
            ended: None
        })
    );
    assert_eq!(game.moves(), [capture]);
    assert_eq!(game.pending_draw_offer(), Some(Color::White));
    assert_eq!(
        game.accept_draw(Color::Black),
        Ok(Outcome::draw(Termination::Agreement))
    );
}

#[test]
fn touching_a_piece_first_loses_the_right_to_claim() {
    let mut game = at("7k/8/6K1/8/8/8/8/R7 w - - 100 120");
    game.touch(Color::White);
    assert_eq!(
        game.claim(Color::White, ClaimKind::FiftyMoves, None),
        Err(GameError::ClaimRightLost(Color::White))
    );
    play(&mut game, "Rb1 Kg8");
    assert!(matches!(
        game.claim(Color::White, ClaimKind::FiftyMoves, None),
        Ok(ClaimVerdict::Upheld(_))
    ));
}

#[test]
fn an_incorrect_claim_costs_one_minute_in_2023_rapid_and_two_in_2018() {
    for (edition, rate, secs) in [
        (Edition::Laws2023, RateOfPlay::Rapid, 60),
        (Edition::Laws2023, RateOfPlay::Blitz, 60),
        (Edition::Laws2023, RateOfPlay::Standard, 120),
        (Edition::Laws2018, RateOfPlay::Rapid, 120),
        (Edition::Laws2018, RateOfPlay::Blitz, 120),
    ] {
        let mut game = Game::new(edition, rate);
        let verdict = game
            .claim(Color::White, ClaimKind::Threefold, None)
            .unwrap();
        assert_eq!(
            verdict,
            ClaimVerdict::Rejected {
                penalty: Some(Penalty::AddTime {
                    to: Color::Black,
                    amount: Duration::from_secs(secs)
                }),
                ended: None
            },
            "{edition} {rate}"
        );
    }
}

#[test]
fn a_draw_offer_lapses_when_the_opponent_moves() {
    let mut game = Game::new(Edition::Laws2023, RateOfPlay::Standard);
    play(&mut game, "e4");
    game.offer_draw(Color::White).unwrap();
    assert_eq!(game.pending_draw_offer(), Some(Color::White));
    assert_eq!(
        game.accept_draw(Color::White),
        Err(GameError::NoOffer(Color::White))
    );
    play(&mut game, "e5");
    assert_eq!(game.pending_draw_offer(), None);
    assert_eq!(
        game.accept_draw(Color::Black),
        Err(GameError::NoOffer(Color::Black))
    );

    game.offer_draw(Color::Black).unwrap();
    game.decline_draw(Color::White).unwrap();
    assert_eq!(game.pending_draw_offer(), None);

    game.offer_draw(Color::Black).unwrap();
    game.touch(Color::White);
    assert_eq!(
        game.pending_draw_offer(),
        None,
        "touching a piece declines (9.1.2.3)"
    );
}

#[test]
fn the_first_illegal_move_gives_the_opponent_time_the_second_loses() {
    let mut game = Game::new(Edition::Laws2023, RateOfPlay::Standard);
    assert_eq!(
        game.illegal_move(Color::White, IllegalKind::Move),
        Ok(IllegalVerdict::Penalised {
            strike: 1,
            penalty: Penalty::AddTime {
                to: Color::Black,
                amount: Duration::from_secs(120)
            }
        })
    );
    assert_eq!(
        game.plies(),
        0,
        "the position before the illegal move stands"
    );
    play(&mut game, "e4");
    assert_eq!(
        game.illegal_move(Color::Black, IllegalKind::ClockPressWithoutMove),
        Ok(IllegalVerdict::Penalised {
            strike: 1,
            penalty: Penalty::AddTime {
                to: Color::White,
                amount: Duration::from_secs(120)
            }
        })
    );
    assert_eq!(
        game.illegal_move(Color::White, IllegalKind::Move),
        Ok(IllegalVerdict::Ended(Outcome::win(
            Color::Black,
            Termination::IllegalMoves
        )))
    );
}

#[test]
fn the_second_illegal_move_draws_when_the_opponent_cannot_mate() {
    let mut game = at_with(
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        Edition::Laws2023,
        RateOfPlay::Blitz,
    );
    assert!(matches!(
        game.illegal_move(Color::White, IllegalKind::Move),
        Ok(IllegalVerdict::Penalised { penalty: Penalty::AddTime { amount, .. }, .. }) if amount == Duration::from_secs(60)
    ));
    assert_eq!(
        game.illegal_move(Color::White, IllegalKind::Move),
        Ok(IllegalVerdict::Ended(Outcome::draw(
            Termination::IllegalMoves
        )))
    );
}

#[test]
fn an_unpromoted_pawn_becomes_a_queen() {
    let mut game = at("8/4P3/8/8/8/k7/8/4K3 w - - 0 1");
    let bare = Move::Normal {
        role: Role::Pawn,
        from: Square::E7,
        capture: None,
        to: Square::E8,
        promotion: None,
    };
    assert!(matches!(
        game.illegal_move(Color::White, IllegalKind::UnpromotedPawn(bare)),
        Ok(IllegalVerdict::Penalised { strike: 1, .. })
    ));
    assert_eq!(
        game.position().board().piece_at(Square::E8),
        Some(shakmaty::Piece {
            color: Color::White,
            role: Role::Queen
        })
    );
    let not_a_pawn = mv(&game, "Kb2");
    assert_eq!(
        game.illegal_move(Color::Black, IllegalKind::UnpromotedPawn(not_a_pawn)),
        Err(GameError::NotAPromotion(not_a_pawn))
    );
    assert_eq!(
        game.strikes(Color::Black),
        0,
        "a refused report changes nothing"
    );
}

#[test]
fn flag_fall_loses_unless_the_opponent_has_a_lone_king() {
    let mut game = at("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(
        game.flag_fall(Color::White),
        Ok(Outcome::draw(Termination::FlagFall))
    );
    let mut game = at("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(
        game.flag_fall(Color::Black),
        Ok(Outcome::win(Color::White, Termination::FlagFall))
    );
    // A mate already on the board stands over a later flag.
    let mut game = Game::new(Edition::Laws2023, RateOfPlay::Standard);
    play(&mut game, "f3 e5 g4 Qh4");
    assert!(matches!(
        game.flag_fall(Color::Black),
        Err(GameError::Over(_))
    ));
}

#[test]
fn resignation_against_a_lone_king_is_a_draw_under_the_2023_laws() {
    let fen = "4k3/8/8/8/8/8/8/R3K3 b - - 0 1";
    let mut game = at_with(fen, Edition::Laws2023, RateOfPlay::Standard);
    assert_eq!(
        game.resign(Color::White),
        Ok(Outcome::draw(Termination::Resignation))
    );
    let mut game = at_with(fen, Edition::Laws2018, RateOfPlay::Standard);
    assert_eq!(
        game.resign(Color::White),
        Ok(Outcome::win(Color::Black, Termination::Resignation))
    );
    let mut game = at_with(fen, Edition::Laws2023, RateOfPlay::Standard);
    assert_eq!(
        game.resign(Color::Black),
        Ok(Outcome::win(Color::White, Termination::Resignation))
    );
}

#[test]
fn going_back_restores_the_earlier_position() {
    let mut game = Game::new(Edition::Laws2023, RateOfPlay::Standard);
    play(&mut game, "f3 e5 g4 Qh4");
    game.go_back_to(2).unwrap();
    assert_eq!(game.outcome(), None);
    assert_eq!(game.position().fullmoves().get(), 2);
    play(&mut game, "Nc3");
    assert_eq!(game.plies(), 3);
    assert_eq!(
        game.go_back_to(9),
        Err(GameError::NoSuchPly { ply: 9, plies: 3 })
    );
}

#[test]
fn chess960_castling_and_pgn_tags() {
    let pos: Chess = "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 9"
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Chess960)
        .unwrap();
    let mut game = Game::from_position(pos, Edition::Laws2023, RateOfPlay::Standard);
    play(&mut game, "O-O");
    let pgn = game.pgn(&[]);
    assert!(pgn.contains("[Variant \"Chess960\"]"), "{pgn}");
    assert!(pgn.contains("9. O-O *"), "{pgn}");
    let read = crate::pgn::read_games(&pgn).remove(0).unwrap();
    let again = read
        .replay(Edition::Laws2023, RateOfPlay::Standard)
        .unwrap();
    assert_eq!(again.moves(), game.moves());
}
