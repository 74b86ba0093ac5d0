//! scoresheet-pgn
