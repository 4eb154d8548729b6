//! The 16-byte header of every WTHOR file ([`Header`]) and the two kinds of name file
//! ([`NameKind`]).

/// Bytes in the header of every WTHOR file.
pub const HEADER_LEN: usize = 16;
/// Bytes in a game record of a `.wtb` file.
pub const GAME_LEN: usize = 68;
/// Move bytes in a game record (a game has at most 60 moves).
pub const MOVES_LEN: usize = 60;

/// The 16-byte header of a WTHOR file (the table in the [module docs](super)). Every byte
/// is kept, so a header read writes back the same.
///
/// ```
/// use reversi::wthor::Header;
/// let header = Header::for_games(1977, 12);
/// let bytes = header.to_bytes();
/// assert_eq!(&bytes[4..8], &[12, 0, 0, 0]); // N1, u32 little-endian
/// assert_eq!(&bytes[10..12], &1977u16.to_le_bytes());
/// assert_eq!(Header::from_bytes(bytes), header);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Header {
    /// Creation date: the century (`20` for 2024).
    pub century: u8,
    /// Creation date: the year in the century (`24` for 2024).
    pub year_in_century: u8,
    /// Creation date: the month, 1 to 12.
    pub month: u8,
    /// Creation date: the day of the month, 1 to 31.
    pub day: u8,
    /// N1: the number of game records (0 in a name file).
    pub games: u32,
    /// N2: the number of name records (0 in a game file).
    pub names: u16,
    /// The year the games were played.
    pub game_year: u16,
    /// P1: the board size, 0 or 8 for the 8x8 board (the only size read here).
    pub board_size: u8,
    /// P2: the file's type, 0 for games.
    pub file_type: u8,
    /// P3: the number of empty squares from which the theoretical scores were computed
    /// by perfect play.
    pub depth: u8,
    /// The reserved last byte, kept as read.
    pub reserved: u8,
}

impl Header {
    /// The header of a game file of `games` games played in `game_year`: board size 8,
    /// type 0, the creation date and P3 zero (set the fields to fill them in).
    ///
    /// ```
    /// let header = reversi::wthor::Header::for_games(2024, 3);
    /// assert_eq!((header.games, header.names, header.board_size), (3, 0, 8));
    /// ```
    #[must_use]
    pub const fn for_games(game_year: u16, games: u32) -> Header {
        Header {
            century: 0,
            year_in_century: 0,
            month: 0,
            day: 0,
            games,
            names: 0,
            game_year,
            board_size: 8,
            file_type: 0,
            depth: 0,
            reserved: 0,
        }
    }

    /// The header of a name file (`.jou` or `.trn`) of `names` names; every other field
    /// zero.
    ///
    /// ```
    /// let header = reversi::wthor::Header::for_names(439);
    /// assert_eq!((header.games, header.names), (0, 439));
    /// ```
    #[must_use]
    pub const fn for_names(names: u16) -> Header {
        Header {
            names,
            board_size: 0,
            ..Header::for_games(0, 0)
        }
    }

    /// The header of 16 bytes, as the table in the [module docs](super) lays them out.
    ///
    /// ```
    /// let bytes = [20, 7, 5, 22, 12, 0, 0, 0, 0, 0, 0xb9, 0x07, 8, 0, 24, 0];
    /// let header = reversi::wthor::Header::from_bytes(bytes);
    /// assert_eq!((header.games, header.game_year, header.depth), (12, 1977, 24));
    /// assert_eq!(header.creation_year(), 2007);
    /// ```
    #[must_use]
    pub const fn from_bytes(bytes: [u8; HEADER_LEN]) -> Header {
        Header {
            century: bytes[0],
            year_in_century: bytes[1],
            month: bytes[2],
            day: bytes[3],
            games: u32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]),
            names: u16::from_le_bytes([bytes[8], bytes[9]]),
            game_year: u16::from_le_bytes([bytes[10], bytes[11]]),
            board_size: bytes[12],
            file_type: bytes[13],
            depth: bytes[14],
            reserved: bytes[15],
        }
    }

    /// The 16 bytes of the header ([`Header::from_bytes`] reads them back).
    ///
    /// ```
    /// let header = reversi::wthor::Header::for_names(2);
    /// assert_eq!(header.to_bytes(), [0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0]);
    /// ```
    #[must_use]
    pub const fn to_bytes(&self) -> [u8; HEADER_LEN] {
        let games = self.games.to_le_bytes();
        let names = self.names.to_le_bytes();
        let year = self.game_year.to_le_bytes();
        [
            self.century,
            self.year_in_century,
            self.month,
            self.day,
            games[0],
            games[1],
            games[2],
            games[3],
            names[0],
            names[1],
            year[0],
            year[1],
            self.board_size,
            self.file_type,
            self.depth,
            self.reserved,
        ]
    }

    /// The year the file was created: `century * 100 + year_in_century`.
    ///
    /// ```
    /// let mut header = reversi::wthor::Header::for_names(0);
    /// header.century = 20;
    /// header.year_in_century = 22;
    /// assert_eq!(header.creation_year(), 2022);
    /// ```
    #[must_use]
    pub const fn creation_year(&self) -> u16 {
        self.century as u16 * 100 + self.year_in_century as u16
    }
}

/// Which name file: players (`WTHOR.JOU`, 20-byte records) or tournaments (`WTHOR.TRN`,
/// 26-byte records).
///
/// ```
/// use reversi::wthor::NameKind;
/// assert_eq!((NameKind::Player.record_len(), NameKind::Tournament.record_len()), (20, 26));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NameKind {
    /// Player names, `.jou` files: 20 bytes a name.
    Player,
    /// Tournament names, `.trn` files: 26 bytes a name.
    Tournament,
}

impl NameKind {
    /// The bytes of one name record: 20 for players, 26 for tournaments. A name holds at
    /// most one byte less (the NUL after it).
    #[must_use]
    pub const fn record_len(self) -> usize {
        match self {
            NameKind::Player => 20,
            NameKind::Tournament => 26,
        }
    }
}
