#include "solver/amazons/value_db.h"

#include <lmdb.h>
#include <sys/stat.h>
#include <tbb/enumerable_thread_specific.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <stdexcept>

#include "cgt/serial.h"

namespace amazons {

namespace {

constexpr const char* kMagic = "amazons-solve chamber values";
// Address space reserved for the map: the most a database may grow to. Pages are only read
// when touched and the file grows as written, so a large reservation costs nothing.
constexpr size_t kMapBytes = size_t{1} << 38;
enum Kind : uint8_t { kMoves = 0, kForm = 1 };

MDB_val view(std::string_view bytes) { return {bytes.size(), const_cast<char*>(bytes.data())}; }
std::string_view view(const MDB_val& v) { return {static_cast<const char*>(v.mv_data), v.mv_size}; }

}  // namespace

struct ValueDb::Impl {
  std::string path;
  MDB_env* env = nullptr;
  MDB_dbi header = 0, values = 0;
  bool writable = false;
  // One read transaction a thread, reset between lookups and renewed for the next (MDB_NOTLS
  // ties a reader slot to the handle, not the thread): no allocation per lookup.
  mutable tbb::enumerable_thread_specific<MDB_txn*> readers{nullptr};
  std::mutex writing;
  std::vector<RegionLimits> begun;  // read on opening
  bool learned = false;             // the same, or set by this process

  ~Impl() {
    for (MDB_txn* txn : readers)
      if (txn) mdb_txn_abort(txn);
    if (env) mdb_env_close(env);
  }

  [[noreturn]] void fail(const std::string& what, int rc = 0) const {
    throw ValueDbError(path, rc ? what + ": " + mdb_strerror(rc) : what);
  }
  void check(int rc, const char* what) const {
    if (rc != MDB_SUCCESS) fail(what, rc);
  }

  // A read transaction for the scope; aborted (freed) at its end.
  struct Read {
    const Impl& db;
    MDB_txn* txn = nullptr;
    explicit Read(const Impl& d) : db(d) { db.check(mdb_txn_begin(db.env, nullptr, MDB_RDONLY, &txn), "read"); }
    ~Read() { mdb_txn_abort(txn); }
  };

  std::optional<std::string> get(MDB_txn* txn, MDB_dbi dbi, std::string_view key) const {
    MDB_val k = view(key), v;
    const int rc = mdb_get(txn, dbi, &k, &v);
    if (rc == MDB_NOTFOUND) return std::nullopt;
    check(rc, "read");
    return std::string(view(v));
  }
  void put(MDB_txn* txn, MDB_dbi dbi, std::string_view key, std::string_view value) const {
    MDB_val k = view(key), v = view(value);
    check(mdb_put(txn, dbi, &k, &v, 0), "write");
  }

  template <typename Write>
  void transaction(Write&& write);
  // The header's lists of build limits, a line each.
  std::vector<std::string> lines(MDB_txn* txn, const char* key) const {
    const std::string text = get(txn, header, key).value_or("");
    std::vector<std::string> out;
    for (size_t at = 0, end; (end = text.find('\n', at)) != std::string::npos; at = end + 1) out.push_back(text.substr(at, end - at));
    return out;
  }
  void appendLine(const char* key, const std::string& line) {
    transaction([&](MDB_txn* txn) { put(txn, header, key, get(txn, header, key).value_or("") + line + "\n"); });
  }

  cgt::GameId decode(const SmallRegion& chamber, std::string_view bytes) const {
    const ChamberClass kind = chamberClassOf(chamber, chamber.black | chamber.white | chamber.empty);
    const bool oneColour = kind == ChamberClass::BlackOnly || kind == ChamberClass::WhiteOnly;
    auto corrupt = [&](const std::string& why) -> cgt::GameId {
      fail("corrupt database: the value of chamber " + std::to_string(chamber.width) + "x" + std::to_string(chamber.height) +
           " " + std::to_string(chamber.empty) + "/" + std::to_string(chamber.black) + "/" + std::to_string(chamber.white) +
           ": " + why);
    };
    if (bytes.empty()) return corrupt("empty");
    if (static_cast<uint8_t>(bytes[0]) == kMoves && oneColour && bytes.size() == 2) {
      const int moves = static_cast<uint8_t>(bytes[1]);
      if (moves > std::popcount(chamber.empty)) return corrupt("more moves than empty squares");
      return cgt::integer(kind == ChamberClass::BlackOnly ? moves : -moves);
    }
    if (static_cast<uint8_t>(bytes[0]) == kForm && kind == ChamberClass::Contested) {
      try {
        return cgt::deserialise(bytes.substr(1));
      } catch (const cgt::SerialError& e) {
        return corrupt(e.what());
      }
    }
    return corrupt("its kind does not fit the chamber");
  }

  std::string encode(const SmallRegion& chamber, cgt::GameId value) const {
    const ChamberClass kind = chamberClassOf(chamber, chamber.black | chamber.white | chamber.empty);
    if (kind == ChamberClass::Contested) return static_cast<char>(kForm) + cgt::serialise(value);
    const std::optional<cgt::Dyadic> moves = cgt::asNumber(value);
    const int sign = kind == ChamberClass::BlackOnly ? 1 : -1;
    if ((kind != ChamberClass::BlackOnly && kind != ChamberClass::WhiteOnly) || !moves || !moves->isInteger() ||
        moves->num * sign < 0 || moves->num * sign > std::popcount(chamber.empty))
      throw std::logic_error("value database: a chamber that is not a territory, or a count that cannot be its");
    return {static_cast<char>(kMoves), static_cast<char>(moves->num * sign)};
  }
};

ValueDb::ValueDb(const std::string& path, Mode mode) : path_(path), impl_(std::make_unique<Impl>()) {
  Impl& db = *impl_;
  db.path = path;
  db.writable = mode != Mode::Read;
  struct stat file {};
  const bool exists = ::stat(path.c_str(), &file) == 0;
  if (!exists && (mode != Mode::Create || errno != ENOENT)) db.fail(std::string("cannot open the database: ") + std::strerror(errno));
  if (exists && !S_ISREG(file.st_mode)) db.fail("not a database file (not a regular file)");
  // Fewer bytes than LMDB's two meta pages: LMDB itself would only say "no such file".
  const auto pageBytes = static_cast<off_t>(::sysconf(_SC_PAGESIZE));
  if (exists && (file.st_size > 0 || mode != Mode::Create) && file.st_size < 2 * pageBytes)
    db.fail("truncated or empty: " + std::to_string(file.st_size) + " bytes is not a database");
  db.check(mdb_env_create(&db.env), "open");
  db.check(mdb_env_set_maxdbs(db.env, 2), "open");
  db.check(mdb_env_set_mapsize(db.env, kMapBytes), "open");
  const unsigned flags = MDB_NOSUBDIR | MDB_NOTLS | (db.writable ? 0 : MDB_RDONLY);
  if (const int rc = mdb_env_open(db.env, path.c_str(), flags, 0644); rc != MDB_SUCCESS) {
    if (rc == MDB_INVALID) db.fail("not a value database (not an LMDB file)");
    if (rc == MDB_VERSION_MISMATCH) db.fail("written by an incompatible LMDB version");
    db.fail("cannot open the database", rc);
  }
  // A file cut short past its meta pages opens; reading a page beyond its end would then
  // crash (SIGBUS): refuse it now.
  MDB_envinfo info;
  MDB_stat stat;
  db.check(mdb_env_info(db.env, &info), "open");
  db.check(mdb_env_stat(db.env, &stat), "open");
  const auto needed = static_cast<off_t>((info.me_last_pgno + 1) * stat.ms_psize);
  if (::stat(path.c_str(), &file) != 0 || file.st_size < needed)
    db.fail("truncated: " + std::to_string(file.st_size) + " bytes, its pages need " + std::to_string(needed));
  if (db.writable) {
    int dead = 0;
    mdb_reader_check(db.env, &dead);  // reader slots of killed processes, which would pin old pages
  }

  MDB_txn* txn = nullptr;
  db.check(mdb_txn_begin(db.env, nullptr, db.writable ? 0 : MDB_RDONLY, &txn), "open");
  struct Abort {  // unless committed
    MDB_txn*& txn;
    ~Abort() {
      if (txn) mdb_txn_abort(txn);
    }
  } abort{txn};
  MDB_dbi main;
  db.check(mdb_dbi_open(txn, nullptr, 0, &main), "open");
  MDB_stat mainStat;
  db.check(mdb_stat(txn, main, &mainStat), "open");
  const bool fresh = mainStat.ms_entries == 0;
  if (fresh && mode != Mode::Create) db.fail("not a value database (an empty LMDB file)");
  const unsigned create = fresh ? MDB_CREATE : 0;
  for (auto [name, dbi] : {std::pair{"header", &db.header}, std::pair{"values", &db.values}})
    if (const int rc = mdb_dbi_open(txn, name, create, dbi); rc != MDB_SUCCESS) {
      if (rc == MDB_NOTFOUND || rc == MDB_INCOMPATIBLE) db.fail("not a value database (an LMDB file of something else)");
      db.fail("open", rc);
    }
  if (fresh) {
    db.put(txn, db.header, "magic", kMagic);
    db.put(txn, db.header, "format", std::to_string(kValueDbFormat));
    db.put(txn, db.header, "rules", std::to_string(kValueDbRules));
  }
  if (db.get(txn, db.header, "magic") != kMagic) db.fail("not a value database (no header)");
  for (auto [field, version] : {std::pair{"format", kValueDbFormat}, std::pair{"rules", kValueDbRules}}) {
    const std::string found = db.get(txn, db.header, field).value_or("none");
    if (found != std::to_string(version))
      db.fail(std::string(field) + " version " + found + ", this build reads version " + std::to_string(version));
  }
  db.learned = db.get(txn, db.header, "learned").has_value();
  for (const std::string& line : db.lines(txn, "begun")) {
    RegionLimits l;
    if (std::sscanf(line.c_str(), "max-empty=%d max-amazons=%d box=%dx%d", &l.maxEmpty, &l.maxAmazons, &l.boxWidth, &l.boxHeight) != 4)
      db.fail("corrupt database: a build's limits read '" + line + "'");
    db.begun.push_back(l);
  }
  db.check(mdb_txn_commit(txn), "open");
  txn = nullptr;
}

ValueDb::~ValueDb() = default;

std::optional<cgt::GameId> ValueDb::find(const SmallRegion& chamber) const {
  const Impl& db = *impl_;
  MDB_txn*& txn = db.readers.local();
  db.check(txn ? mdb_txn_renew(txn) : mdb_txn_begin(db.env, nullptr, MDB_RDONLY, &txn), "read");
  struct Reset {
    MDB_txn* txn;
    ~Reset() { mdb_txn_reset(txn); }
  } reset{txn};
  MDB_val k, v;
  const std::string key = packKey(chamber);
  k = view(key);
  const int rc = mdb_get(txn, db.values, &k, &v);
  if (rc == MDB_NOTFOUND) return std::nullopt;
  db.check(rc, "read");
  return db.decode(chamber, view(v));
}

bool ValueDb::contains(const SmallRegion& chamber) const {
  const Impl::Read read(*impl_);
  return impl_->get(read.txn, impl_->values, packKey(chamber)).has_value();
}

// One write transaction around `write`, committed unless it throws.
template <typename Write>
void ValueDb::Impl::transaction(Write&& write) {
  if (!writable) throw std::logic_error("value database opened read-only");
  std::lock_guard lock(writing);
  MDB_txn* txn = nullptr;
  check(mdb_txn_begin(env, nullptr, 0, &txn), "write");
  try {
    write(txn);
  } catch (...) {
    mdb_txn_abort(txn);
    throw;
  }
  check(mdb_txn_commit(txn), "write");
}

size_t ValueDb::store(std::span<const Entry> entries, bool learned) {
  Impl& db = *impl_;
  size_t added = 0;
  db.transaction([&](MDB_txn* txn) {
    if (learned) db.put(txn, db.header, "learned", "1");
    for (const Entry& e : entries) {
      const std::string key = packKey(e.chamber), value = db.encode(e.chamber, e.value);
      MDB_val k = view(key), v = view(value);
      const int rc = mdb_put(txn, db.values, &k, &v, MDB_NOOVERWRITE);
      if (rc == MDB_KEYEXIST) continue;
      db.check(rc, "write");
      ++added;
    }
  });
  db.learned = db.learned || learned;
  return added;
}

void ValueDb::beginBuild(const RegionLimits& limits) { impl_->appendLine("begun", describe(limits)); }
void ValueDb::finishBuild(const RegionLimits& limits) { impl_->appendLine("builds", describe(limits)); }

std::string ValueDb::describe(const RegionLimits& limits) {
  return "max-empty=" + std::to_string(limits.maxEmpty) + " max-amazons=" + std::to_string(limits.maxAmazons) +
         " box=" + std::to_string(limits.boxWidth) + "x" + std::to_string(limits.boxHeight);
}

bool ValueDb::covers(const SmallRegion& chamber) const {
  if (impl_->learned) return true;
  const int empty = std::popcount(chamber.empty), amazons = std::popcount(chamber.black | chamber.white);
  const auto narrow = static_cast<int>(std::min(chamber.width, chamber.height)), wide = static_cast<int>(std::max(chamber.width, chamber.height));
  for (const RegionLimits& l : impl_->begun)
    if (empty <= l.maxEmpty && amazons <= l.maxAmazons && narrow <= std::min(l.boxWidth, l.boxHeight) &&
        wide <= std::max(l.boxWidth, l.boxHeight))
      return true;
  return false;
}

void ValueDb::forEach(const std::function<bool(const SmallRegion&, cgt::GameId)>& visit) const {
  const Impl& db = *impl_;
  const Impl::Read read(db);
  MDB_cursor* cursor = nullptr;
  db.check(mdb_cursor_open(read.txn, db.values, &cursor), "read");
  struct Close {
    MDB_cursor* c;
    ~Close() { mdb_cursor_close(c); }
  } close{cursor};
  MDB_val k, v;
  for (int rc = mdb_cursor_get(cursor, &k, &v, MDB_FIRST); rc != MDB_NOTFOUND; rc = mdb_cursor_get(cursor, &k, &v, MDB_NEXT)) {
    db.check(rc, "read");
    const std::optional<SmallRegion> chamber = unpackKey(view(k));
    if (!chamber) db.fail("corrupt database: a key that is no chamber");
    if (!visit(*chamber, db.decode(*chamber, view(v)))) return;
  }
}

size_t ValueDb::size() const {
  const Impl::Read read(*impl_);
  MDB_stat stat;
  impl_->check(mdb_stat(read.txn, impl_->values, &stat), "read");
  return stat.ms_entries;
}

std::vector<std::string> ValueDb::builds() const {
  const Impl::Read read(*impl_);
  return impl_->lines(read.txn, "builds");
}

std::string ValueDb::packKey(const SmallRegion& chamber) {
  const int n = static_cast<int>(chamber.width * chamber.height);
  std::string key(2 + (n + 3) / 4, '\0');
  key[0] = static_cast<char>(chamber.width);
  key[1] = static_cast<char>(chamber.height);
  for (int sq = 0; sq < n; ++sq) {
    const uint64_t bit = uint64_t{1} << sq;
    const Cell cell = (chamber.empty & bit)   ? Cell::Empty
                      : (chamber.black & bit) ? Cell::Black
                      : (chamber.white & bit) ? Cell::White
                                              : Cell::Arrow;
    key[2 + sq / 4] = static_cast<char>(key[2 + sq / 4] | static_cast<int>(cell) << (2 * (sq % 4)));
  }
  return key;
}

std::optional<SmallRegion> ValueDb::unpackKey(std::string_view bytes) {
  if (bytes.size() < 2) return std::nullopt;
  SmallRegion chamber;
  chamber.width = static_cast<uint8_t>(bytes[0]);
  chamber.height = static_cast<uint8_t>(bytes[1]);
  const uint32_t n = chamber.width * chamber.height;
  if (chamber.width == 0 || chamber.height == 0 || n > kSmallSquares || bytes.size() != 2 + (n + 3) / 4) return std::nullopt;
  for (uint32_t sq = 0; sq < 4 * (bytes.size() - 2); ++sq) {
    const auto cell = static_cast<Cell>((static_cast<uint8_t>(bytes[2 + sq / 4]) >> (2 * (sq % 4))) & 3);
    if (sq >= n) {
      if (cell != Cell::Empty) return std::nullopt;  // the padding is zero
      continue;
    }
    const uint64_t bit = uint64_t{1} << sq;
    if (cell == Cell::Empty) chamber.empty |= bit;
    else if (cell == Cell::Black) chamber.black |= bit;
    else if (cell == Cell::White) chamber.white |= bit;
  }
  const uint64_t open = chamber.empty | chamber.black | chamber.white;
  if (!open || normalisedChamber(chamber, open) != chamber) return std::nullopt;  // not as the solver keys it
  return chamber;
}

std::optional<cgt::GameId> ValueDbStore::find(const GameRegion& normalised) const {
  if (!normalised.isSmall()) return std::nullopt;
  const SmallRegion& chamber = normalised.small();
  if (std::popcount(chamber.empty) < kDbLookupEmpty || !db_.covers(chamber)) return std::nullopt;
  return db_.find(chamber);
}

void ValueDbStore::learn(const std::vector<std::pair<GameRegion, cgt::GameId>>& values) {
  if (!learn_) return;
  std::vector<ValueDb::Entry> entries;
  {
    const std::lock_guard lock(computedMutex_);
    entries.swap(computed_);
  }
  for (const auto& [region, value] : values)
    if (region.isSmall()) entries.push_back({region.small(), value});
  db_.store(entries, true);
}

void ValueDbStore::computed(const GameRegion& normalised, cgt::GameId value) const {
  if (!learn_ || !normalised.isSmall() || std::popcount(normalised.small().empty) < kDbLookupEmpty) return;
  const std::lock_guard lock(computedMutex_);
  computed_.push_back({normalised.small(), value});
}

}  // namespace amazons
