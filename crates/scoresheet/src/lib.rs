//! scoresheet
