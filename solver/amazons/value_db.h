// A persistent database of chamber values in one LMDB file (a memory-mapped B-tree: opening
// reads two meta pages, a lookup touches the few pages on its path; many processes may read
// while one writes, and a writer killed mid-transaction leaves the last committed state).
//
// Records (named LMDB databases in the file):
//   "header"  magic, format version, rules version (checked on every open); the limits of every
//             `db build` begun, and of every one finished ("max-empty=8 max-amazons=3 box=8x8"
//             a line).
//   "values"  key: a chamber as normalisedChamber writes it (Amazons::normalise's),
//             packed as width, height, then 2 bits a square rank-major from a1 (Cell codes);
//             value: kind byte 0 and the owner's exact move count (varint) for a one-colour
//             chamber, kind byte 1 and cgt::serialise of the canonical form for a contested
//             one. Only chambers of at most 64 squares' box are stored: the others (on wider
//             masks) fit no database build's box.
// A value that does not decode, or whose kind disagrees with its key, is reported as a
// corrupt database (an InputError naming the file), never used.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "cgt/game_table.h"
#include "solver/amazons/game.h"
#include "solver/amazons/region_enum.h"
#include "solver/amazons/small_region.h"
#include "solver/core/errors.h"
#include "solver/core/values.h"

namespace amazons {

// Bumped when the key or value encoding changes.
constexpr int kValueDbFormat = 1;
// Bumped when the game's rules, or the values' convention (Left = Black positive), change:
// values stored before would then be wrong.
constexpr int kValueDbRules = 1;

// Every problem with a database: the file, what is wrong; exit status 2 in the CLI.
struct ValueDbError : InputError {
  ValueDbError(const std::string& path, const std::string& message) : InputError(message, 0, 0, path) {}
};

// One ValueDb per file in a process (LMDB's rule: a second handle on the same file in one
// process breaks its locks); share it between threads instead.
class ValueDb {
 public:
  enum class Mode {
    Read,    // an existing database, read only
    Write,   // an existing database, also written
    Create,  // created when missing (then written), else as Write
  };
  // Throws ValueDbError when the file is missing (Read, Write), truncated, not an LMDB file,
  // not a value database, or of another format or rules version.
  ValueDb(const std::string& path, Mode mode);
  ~ValueDb();
  ValueDb(const ValueDb&) = delete;
  ValueDb& operator=(const ValueDb&) = delete;

  const std::string& path() const { return path_; }

  // A stored chamber's value (Left's point of view), nullopt when absent. Thread-safe; each
  // call reads the last committed state.
  std::optional<cgt::GameId> find(const SmallRegion& chamber) const;
  bool contains(const SmallRegion& chamber) const;

  struct Entry {
    SmallRegion chamber;  // normalised
    cgt::GameId value;
  };
  // Whether the database may hold the chamber: a build begun before it was opened covers its
  // size, or values were learned (any chamber may then be there). Only then is a lookup worth
  // its cost inside a search: on 10x10 endgames with a database of every chamber up to 6
  // empty squares and 2 amazons, four lookups in five were misses, each about as dear as a hit
  // (the B-tree descent), and made the run 40% slower.
  bool covers(const SmallRegion& chamber) const;

  // Stores the entries (keys already present keep their value) in one transaction, `learned`
  // marking the database as holding chambers of any size. Thread-safe: writers take turns.
  // Returns how many were new.
  size_t store(std::span<const Entry> entries, bool learned = false);
  // The header's record of a build: begun before its first batch, finished after its last.
  void beginBuild(const RegionLimits& limits);
  void finishBuild(const RegionLimits& limits);
  static std::string describe(const RegionLimits& limits);  // "max-empty=8 max-amazons=3 box=8x8"

  // Every entry in key order, its value decoded. Stops when visit returns false.
  void forEach(const std::function<bool(const SmallRegion& chamber, cgt::GameId value)>& visit) const;
  size_t size() const;
  std::vector<std::string> builds() const;  // the header's finished builds, oldest first

  // The key bytes of a normalised chamber, and back (std::nullopt for bytes no chamber packs to).
  static std::string packKey(const SmallRegion& chamber);
  static std::optional<SmallRegion> unpackKey(std::string_view bytes);

 private:
  struct Impl;
  std::string path_;
  std::unique_ptr<Impl> impl_;
};

// Chambers of fewer empty squares are not looked up in a value database inside a search: a
// lookup (an LMDB B-tree descent, ~7 us on these VMs, then the form decoded, ~2 us) costs more
// than their forms from the tables. Measured on the medium and hard suites (user time, one
// thread) with a database learned from them: every chamber looked up 1.85 s, from 6 empty
// squares 1.33 s, from 8 1.27 s, only the root's chambers 1.20 s; no database 1.47 s.
constexpr int kDbLookupEmpty = 8;

// The database as the generic core's store of region values (core::ValueStore): chambers on
// masks of at least kDbLookupEmpty empty squares that it covers are looked up; with `learn`,
// the values of each position's chambers on masks are stored, one transaction a position.
class ValueDbStore final : public core::ValueStore<Amazons> {
 public:
  ValueDbStore(ValueDb& db, bool learn) : db_(db), learn_(learn) {}
  std::optional<cgt::GameId> find(const GameRegion& normalised) const override;
  // The values given and, learning, those computed since the last learn(), in one transaction.
  void learn(const std::vector<std::pair<GameRegion, cgt::GameId>>& values) override;
  // Learning, a computed chamber of kDbLookupEmpty empty squares or more is kept for learn():
  // the size a later lookup reads.
  void computed(const GameRegion& normalised, cgt::GameId value) const override;

 private:
  ValueDb& db_;
  bool learn_;
  mutable std::mutex computedMutex_;
  mutable std::vector<ValueDb::Entry> computed_;
};

}  // namespace amazons
