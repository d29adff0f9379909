//! Evaluation weights, one row per phase (four empties each, phase 0 = 0-3 empties),
//! in hundredths of a disc, in the order of `eval::TERMS`. Written by `othello-lab tune`.
//! Plain data: the sizes are numbers, which `eval` checks against its own (a row or
//! a term too many or too few does not compile).

/// The weights: `WEIGHTS[phase][term]`.
pub static WEIGHTS: [[i32; 12]; 16] = [
    // mobility, potential mobility, frontier, corners, x-squares, c-squares, stable discs, unbalanced edges, wedges, parity, discs, tempo
    [299, -188, -62, 131, -169, -229, 93, 47, 200, -17, 9, -39],
    [299, -188, -62, 131, -169, -229, 93, 47, 200, -17, 9, -39],
    [256, -125, -58, 219, -277, -298, 103, 96, 305, 49, 2, 70],
    [260, -124, -69, 319, -424, -330, 119, 108, 338, 28, -10, -4],
    [192, -50, -79, 581, -540, -230, 125, 99, 459, 50, -16, -37],
    [182, -19, -94, 704, -706, -234, 136, 187, 428, 39, -13, -109],
    [144, 20, -101, 944, -881, -219, 144, 231, 472, 38, -11, -84],
    [
        122, 37, -124, 1070, -1011, -250, 180, 318, 405, 58, -3, -120,
    ],
    [112, 58, -126, 1154, -1174, -314, 221, 321, 418, 42, 8, -82],
    [108, 63, -146, 1043, -1297, -328, 330, 244, 420, 63, 25, -98],
    [89, 80, -137, 710, -1255, -507, 504, 466, 280, 56, 16, -73],
    [69, 89, -107, 407, -1185, -450, 608, 279, 319, 47, -7, -130],
    [45, 75, -83, 25, -893, -289, 25, -38, 106, -10, 20, 12],
    [4, 24, -14, 0, -44, 44, 0, 82, 0, 0, 2, 218],
    [4, 24, -14, 0, -44, 44, 0, 82, 0, 0, 2, 218],
    [4, 24, -14, 0, -44, 44, 0, 82, 0, 0, 2, 218],
];
