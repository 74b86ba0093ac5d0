"""The Python package's notations, EGD, vocabularies and tokenizers, against the command-line
tool (the same library behind both), python-chess and Hugging Face `tokenizers`."""

import _thread
import json
import threading
import time

import chess
import numpy as np
import pytest

from conftest import import_scoresheet, run

scoresheet = import_scoresheet()

NOTATIONS = ["san", "lan", "uci", "eran", "eran-short", "quantum", "quantum-recirq",
             "figurine", "figurine-black", "figurine-side", "iccf", "smith"]
IMMORTAL = ("e4 e5 f4 exf4 Bc4 Qh4+ Kf1 b5 Bxb5 Nf6 Nf3 Qh6 d3 Nh5 Nh4 Qg5 Nf5 c6 g4 Nf6 "
            "Rg1 cxb5 h4 Qg6 h5 Qg5 Qf3 Ng8 Bxf4 Qf6 Nc3 Bc5 Nd5 Qxb2 Bd6 Bxg1 e5 Qxa1+ "
            "Ke2 Na6 Nxg7+ Kd8 Qf6+ Nxf6 Be7#").split()


@pytest.fixture(scope="module")
def games(corpus):
    return list(scoresheet.read_games(corpus))


@pytest.mark.parametrize("to,lang", [("san", "de"), ("lan", "ru")])
def test_convert_lang_equals_cli(to, lang):
    uci = scoresheet.convert(IMMORTAL, from_="san", to="uci")
    got = scoresheet.convert(uci, from_="uci", to=to, lang=lang)
    want = run("convert", "--from", "uci", "--to", to, "--lang", lang, *uci).stdout.splitlines()
    assert got == want == scoresheet.convert(uci, from_="uci", to=f"{to}-{lang}")
    assert scoresheet.convert(got, from_=f"{to}-{lang}", to="uci") == uci


@pytest.mark.parametrize("to", NOTATIONS)
def test_convert_equals_cli(to):
    got = scoresheet.convert(IMMORTAL, from_="san", to=to)
    want = run("convert", "--from", "san", "--to", to, *IMMORTAL).stdout.splitlines()
    assert got == want
    # and back, from every notation
    assert scoresheet.convert(got, from_=to, to="san") == IMMORTAL


def test_convert_lang_chess960_and_fen():
    assert scoresheet.convert(["e4", "e5", "Sf3"], from_="san", to="uci", lang="de") == \
        ["e2e4", "e7e5", "g1f3"]
    assert scoresheet.convert(["Nf3"], from_="san", to="san-fr") == ["Cf3"]
    fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    assert scoresheet.convert(["O-O"], from_="san", to="uci", fen=fen) == ["e1g1"]
    assert scoresheet.convert(["O-O"], from_="san", to="uci", fen=fen, chess960=True) == ["e1h1"]
    with pytest.raises(ValueError, match="lang"):
        scoresheet.convert(["e2e4"], from_="uci", to="iccf", lang="de")
    with pytest.raises(ValueError, match="unknown notation"):
        scoresheet.convert(["e4"], from_="algebraic", to="uci")


def test_position_against_python_chess(games):
    for game in games[:40]:
        pos, board = scoresheet.Position(game.start_fen), chess.Board(game.start_fen)
        for ply in game.plies:
            assert pos.legal_moves() == sorted(m.uci() for m in board.legal_moves)
            assert pos.format(ply.uci, "san") == ply.san
            assert pos.play(ply.san) == ply.uci
            board.push_uci(ply.uci)
            assert pos.fen(en_passant="legal") == board.fen()
            assert pos.is_check() == board.is_check()
        assert pos.is_checkmate() == board.is_checkmate()


def test_error_attributes():
    with pytest.raises(scoresheet.IllegalMoveError) as e:
        scoresheet.convert(["e4", "e5", "Ke3"], from_="san", to="uci")
    err = e.value
    assert isinstance(err, scoresheet.ScoresheetError)
    assert (err.move, err.fen) == ("Ke3", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2")
    assert err.reason == "illegal move: no legal move matches"
    with pytest.raises(scoresheet.IllegalMoveError, match="ambiguous"):
        scoresheet.Position("4k3/8/8/8/8/8/8/2N1K1N1 w - - 0 1").play("Ne2")
    with pytest.raises(scoresheet.ParseError) as e:
        scoresheet.convert(["e2e4", "e7e9"], from_="uci", to="san")
    assert (e.value.notation, e.value.offset, e.value.input) == ("uci", 2, "e7e9")  # the square
    assert "uci" in str(e.value)
    with pytest.raises(scoresheet.ParseError) as e:
        scoresheet.Position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1")
    assert (e.value.notation, e.value.offset) == ("fen", 42)
    with pytest.raises(scoresheet.ParseError) as e:
        scoresheet.Position("8/8/8/8/8/8/8/8 w - - 0 1")
    assert e.value.notation == "fen" and "king" in str(e.value)


def test_egd_equals_cli(corpus, egd_games):
    records = scoresheet.egd(corpus, extended=True)
    assert list(records) == egd_games
    assert records.rejected == []
    base = run("egd", "-q", corpus).stdout.splitlines()[:50]
    assert [r for _, r in zip(range(50), scoresheet.egd(corpus))] == [json.loads(x) for x in base]


def test_egd_reports_rejections(mixed_pgn):
    path, games_in = mixed_pgn
    with pytest.warns(scoresheet.RejectedGameWarning):
        records = scoresheet.egd(path)
        n = sum(1 for _ in records)
    assert n + len(records.rejected) == games_in
    done = run("egd", "-q", path, check=False)
    prefix = f"error: {path}: "
    cli = [x[len(prefix):] for x in done.stderr.splitlines() if x.startswith(prefix)]
    assert [r.message for r in records.rejected] == cli


def test_vocabularies():
    sizes = {("san", False): 9758, ("san", True): 28938, ("uci", False): 1968,
             ("lan", False): 7750, ("lan", True): 22994, ("eran", False): 7751,
             ("eran-short", False): 7751}
    for (name, symbols), n in sizes.items():
        v = scoresheet.vocab(name, with_symbols=symbols)
        assert len(v) == n == len(v.strings())
        cli = run("vocab", name, *(["--with-symbols"] if symbols else [])).stdout.splitlines()
        assert v.strings() == cli
    v = scoresheet.vocab("san")
    assert v.token_id("Nbd7") is not None and v.token_str(v.token_id("Nbd7")) == "Nbd7"
    assert "Q1b8" not in v
    fen, uci = v.witness("Nbd7")
    assert scoresheet.Position(fen).format(uci, "san").rstrip("+#") == "Nbd7"
    with pytest.raises(ValueError, match="no check symbols"):
        scoresheet.vocab("uci", with_symbols=True)
    with pytest.raises(ValueError, match="expected one of"):
        scoresheet.vocab("pgn")


def test_vocabulary_is_a_sequence():
    cli = run("vocab", "san").stdout.splitlines()
    v = scoresheet.vocab("san")
    assert list(v) == cli
    assert [s for s in v][:3] == cli[:3]
    assert v[5] == cli[5] and v[0] == cli[0] and v[len(v) - 1] == cli[-1]
    assert v[-1] == cli[-1] and v[-len(v)] == cli[0]
    for bad in (len(v), len(v) + 7, -len(v) - 1, 2**40, -(2**40)):
        with pytest.raises(IndexError):
            v[bad]
    assert v.index("Nbd7") == cli.index("Nbd7") == v.token_id("Nbd7")
    assert v.index(v[5]) == 5
    with pytest.raises(ValueError, match="not in the san vocabulary"):
        v.index("Q1b8")
    uci = scoresheet.vocab("uci")
    assert list(uci) == run("vocab", "uci").stdout.splitlines()
    assert all(uci[uci.index(s)] == s for s in ("e2e4", "e7e8q", "a1h8"))
    for name in ("__getitem__", "__iter__", "index"):
        assert getattr(scoresheet.Vocabulary, name).__doc__


def test_tokenize_equals_cli_and_detokenizes(corpus, games):
    for name in ("san", "uci"):
        lines = run("tokenize", "--vocab", name, "-q", corpus).stdout.splitlines()
        assert len(lines) == len(games)
        for game, line in zip(games, lines):
            ids = scoresheet.tokenize(game, name)
            assert ids.dtype == np.int32
            assert ids.tolist() == [int(x) for x in line.split()]
        back = scoresheet.detokenize(ids, name)
        assert back == (game.ucis() if name == "uci" else [s.rstrip("+#") for s in game.sans()])
    with pytest.raises(ValueError, match="not in the san vocabulary"):
        scoresheet.tokenize(["e4", "--"], "san")
    with pytest.raises(ValueError, match="not in the uci vocabulary"):
        scoresheet.detokenize([1968], "uci")


def test_hf_tokenizer_round_trips_every_game(tmp_path, games):
    tokenizers = pytest.importorskip("tokenizers")
    for name in ("san", "san+", "uci"):
        path = tmp_path / f"{name}.json"
        scoresheet.write_hf_tokenizer(name, path)
        tok = tokenizers.Tokenizer.from_file(str(path))
        v = scoresheet.vocab(name)
        assert tok.get_vocab_size() == len(v) + 2
        assert tok.token_to_id(scoresheet.UNK_TOKEN) == len(v)
        assert tok.token_to_id(scoresheet.PAD_TOKEN) == len(v) + 1
        for game in games:
            moves = {"san": [s.rstrip("+#") for s in game.sans()], "san+": game.sans(),
                     "uci": game.ucis()}[name]
            text = " ".join(moves)
            enc = tok.encode(text)
            assert enc.ids == scoresheet.tokenize(moves, v).tolist()
            assert tok.decode(enc.ids) == text
        batch = tok.encode_batch(["e4 e5", "d4"] if name != "uci" else ["e2e4 e7e5", "d2d4"])
        assert batch[1].ids[-1] == len(v) + 1  # padded with [PAD]
        assert tok.encode("Zz9").ids == [len(v)]
    with pytest.raises(ValueError, match="spaces"):
        scoresheet.write_hf_tokenizer("eran", tmp_path / "eran.json")


def test_ctrl_c_interrupts_a_long_read(corpus):
    """An interrupt while the GIL is released stops the read between chunks, long before its
    end (a pending interrupt raised only after a whole read would not pass)."""
    big = corpus.read_bytes() * 6
    started = time.monotonic()
    assert scoresheet.read_tables(big).games.num_rows > 20_000
    full = time.monotonic() - started
    threading.Timer(0.1, _thread.interrupt_main).start()
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        scoresheet.read_tables(big, threads=2)
        time.sleep(30)  # not reached while the interrupt stops the read
    assert time.monotonic() - started < max(0.6 * full, 0.5)
