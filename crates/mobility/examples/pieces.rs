//! Count the mobility of a piece given in Betza notation or by name:
//! `cargo run -p mobility --example pieces [PIECE [FxR]]`.

use mobility::{named_piece, BoardSize, Piece, PieceOnBoard, NAMED_PIECES};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let text = args.next().unwrap_or_else(|| "NB".to_owned()); // the archbishop
    let size: BoardSize = args.next().map_or(Ok(BoardSize::CHESS), |s| s.parse())?;

    // `str::parse` takes `once`/`repeated` lists, Betza (`NB`, `mRcpR`) or a name.
    let piece: Piece = text.parse()?;
    let on_board = PieceOnBoard::new(&piece, size);
    println!("{text} on {size}, written back as Betza: {piece}");
    println!(
        "strength (moves summed over all squares): {}",
        on_board.strength()
    );
    println!("squares by number of moves: {}", on_board.mobility());
    let corner = size.square(0, 0).expect("every board has a1");
    let moves: Vec<String> = on_board
        .moves(corner)?
        .iter()
        .map(|s| s.to_string())
        .collect();
    println!("from {corner}: {}", moves.join(" "));
    print!("{}", on_board.table());

    // The named pieces, each with its Betza definition and its strength on 8x8.
    println!("{} named pieces, for example:", NAMED_PIECES.len());
    for name in ["knight", "amazon", "zebra", "cannon"] {
        let named = named_piece(name).expect("a known name");
        let piece: Piece = name.parse()?;
        let strength = PieceOnBoard::new(&piece, BoardSize::CHESS).strength();
        println!(
            "  {name}: {} ({}), strength {strength}",
            named.betza, named.source
        );
    }
    Ok(())
}
