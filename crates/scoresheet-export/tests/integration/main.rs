//! The export's rows, checked against expectations written by hand (moves worked out on a
//! board, clocks and evaluations read off the comments), and the dataset files.

mod dataset;
mod encoded;
mod recycle;
mod rows;
mod table_input;
