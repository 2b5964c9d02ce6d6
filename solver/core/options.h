// What one analysis of any core::Game may do (core/analysis.h): the user's limits, the
// allowances of forms and searches, the tables' memory, the threads, and what to report.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>

#include "solver/core/values.h"

namespace amazons::core {

struct AnalysisOptions {
  Limits limits;
  // Expansions allowed to the form of a region of the position (0: no limit), and to one met
  // in the search over sums. On three random 5x5 Clobber boards of one large group, no limit
  // took 3.1, 11.3 and 2.0 s, 20,000 took 3.6, 3.9 and 1.8 s, 2,000 took 0.41, 2.8 and 0.53 s
  // (200: 0.50, 2.2, 0.25 s, but fewer values reported). In the search a raw node costs less
  // than a form's expansion: with the moves ordered, the bench-clobber sets random 5x5 / the
  // first 40 random 6x6 / grouped 8x8 took 1.39 / 17.6 / 1.1 s in all with 400 (Amazons'
  // kSearchTry), 0.84 / 14.5 / 1.05 s with 100, 0.82 / 13.8 / 0.73 s with 60, 0.65 / 13.7 /
  // 0.85 s with 30. The Amazons solver's 400 (20 in chambers of six amazons or more) took
  // the Amazons core suites 2x the time of 60 (endgames-hard 1.19 s against 0.69 s), and a
  // 41-empty 10x10 position 12.2 s against 13.2 s.
  // formNodes is the first round's allowance (Analyser::decideInRounds); without `rounds`
  // the regions whose forms did not fit in it stay raw for the whole search.
  uint64_t formNodes = 2000;
  bool rounds = true;
  uint64_t searchTry = 60;
  // Sums built anew allowed to the canonical form of the total, as Amazons' totalNodes: the
  // verdicts never need it, and the form of a sum of many values can be huge.
  uint64_t totalSums = 300;
  // Table memory in MB (--hash): a quarter for the region values, an eighth for the sums of
  // known values (cgt::SumSearch, at kSumEntryBytes an entry), five eighths for the sums with
  // raw regions (SearchedTable, its bytes counted; of them a game's lone search takes half,
  // and the proof search's positions not yet proven a tenth, where they are used). A full
  // table stops storing; answers stay exact. The 5x5 checkerboard start stores 4.2 M sums with raw regions (some 80 bytes
  // each, slots and keys): at 3/8 of 512 MB and 128 bytes an entry, as first set, that table
  // filled at 1.6 M and the search went from 4.5 M nodes to past 50 M (unknown at 100 s).
  size_t hashMegabytes = 512;
  // Threads one analysis uses (its own oneTBB arena). A search position whose raw regions hold
  // at least parallelSize (G::size summed) searches its eldest moves, then the others in
  // parallel (Young Brothers Wait), sharing the tables. Verdicts, values and winning moves
  // never depend on the threads; node counts do. Splits from 10, 16, 20 or 23 stones gave the
  // 6x4 Clobber checkerboard start the same time on two cores (within 3%).
  unsigned threads = 1;
  int parallelSize = 20;
  // The moves such a position searches one by one before it shares the rest. Two rather than
  // one: where the first fails the second mostly wins, and with the first alone the other
  // threads searched moves that the second's win then cut off. On the lent 16-core machine
  // (BENCHMARKS.md, forty-fifth session), two against one: the Amazons 5x5 start at 8
  // threads 22.1 / 23.5 s against 29.6 / 26.4 s (0.74 times the positions), the 6x4 start at 16
  // threads 120 s against 147 s; 5x5 at 16 threads and the 4x6 start the same within noise; on
  // two threads the same within noise.
  size_t eldestMoves = 2;
  // Every winning move of each side (SideReport::winningMoves), not only the first.
  bool allWinningMoves = false;
  // Regions of a game with bounds (G::bounds) of at least probeSize (G::size) are probed for a
  // simple value (core/value_probe.h) before any form is tried, within probePositions
  // search positions in all (0: no probes), and under a time limit within probeTimeShare of
  // it. Measured on the Amazons solver before the core: of the 122 such chambers of 8 or more
  // empty squares in the three 12-empty 10x10 sets, the 61 with simple values were proven
  // within 1,906 positions (most within 400); in a chamber of 40 empty squares 2,000 positions
  // take seconds (a 10x10 line of one 44-empty chamber: 9 s of a 10 s limit), hence the share.
  int probeSize = 8;
  int64_t probePositions = 2000;
  double probeTimeShare = 0.25;
  // The positions a probe's game shortcuts may search in all (Amazons' counts of the
  // territories its moves leave), which probePositions does not count. The probes of the
  // Amazons suites and of 23 10x10 frontier lines searched at most 294; a 43-empty chamber's
  // (reach walk, game 10, 46 empty) counted a 29-empty territory past 249,844 positions, and
  // with no time limit its probe had not ended after 10 minutes, where both verdicts take 3 s.
  uint64_t probeShortcutPositions = 10'000;
  // Sums whose raw regions hold at least proofSize (G::size summed) are decided by
  // proof-number search (core/proof_search.h); 0: never, the default. Each position it meets
  // is first tried with proofTryPositions positions of the search over sums. On Amazons it
  // wins some and loses some: from 20 (amazons::kProofEmpty, the Amazons CLI's), one thread, a
  // 45-empty 10x10 position takes 21.5 s against unknown at 60 s without it, a 41-empty one
  // 18.0 s against 11.4 s (BENCHMARKS.md). Clobber is not measured with it, hence off by
  // default.
  int proofSize = 0;
  // (Tries of 300 to 30,000 positions on the reach walk's 17 mid lines: fewer positions below
  // 10,000 but dearer ones, the large ones at a try's top; 10,000 the least time in all.)
  int64_t proofTryPositions = 10000;
  // An expansion tries its options in order until proofEagerTries of them come back
  // unsettled; the rest wait untried, as unsettled, until the proof numbers pick one (then it
  // is tried first). Trying every option first spent most of a winning frontier position's
  // positions on tries of options the proof never needed (a 55-empty 10x10 line: 78 of the 168
  // options tried unsettled at 10,000 positions each, 0.78 M of 0.84 M positions). One thread,
  // the reach walk's lines (BENCHMARKS.md), every option tried / 3 / 6 / 10 / 20: the 23 lines
  // solved in 15 s 58.9 / 63.2 / 49.9 / 39.6 / 53.0 s (3 and 6 leave one unknown), the
  // 55-empty line 11.2 -> 2.7 s at 10; of the 27 lines unknown at 15 s, 10 solves one; the
  // reach benchmark's game 8 43 -> 46 empty squares, its median unchanged (48). Per line the
  // effect is chaotic (which option the proof numbers reach first); 10 did best on both sets.
  size_t proofEagerTries = 10;
  // Raw regions of at most tightBoundsSize (G::size) in a sum with other parts take integer
  // bounds proven by search (SumSearch::tightBounds) where the game's own bounds do not decide
  // the sum; 0: never, the default (measured on Amazons only: amazons::kTightBoundsEmpty).
  int tightBoundsSize = 0;
  static constexpr size_t kSumEntryBytes = 128;
  size_t valueBytes() const { return (hashMegabytes << 20) / 4; }
  size_t sumEntries() const { return (hashMegabytes << 20) / 8 / kSumEntryBytes; }
  size_t searchedBytes() const { return (hashMegabytes << 20) * 5 / 8; }
  size_t proofBytes() const { return searchedBytes() / 10; }
};

}  // namespace amazons::core
