#include "cgt/sum.h"

#include <xxhash.h>

#include <algorithm>

namespace cgt {

namespace {

Side other(Side s) { return s == Side::Left ? Side::Right : Side::Left; }

std::span<const GameId> optionsOf(GameId g, Side s) { return s == Side::Left ? leftOptions(g) : rightOptions(g); }

}  // namespace

void PartSum::add(GameId g) {
  if (const auto x = asNumber(g)) {
    number_ += *x;
    return;
  }
  // Up multiples and nimbers fold into one part: in Clobber, whose values are all-small, sums
  // equal as values then share one key (the grouped 8x8 set of scripts/bench-clobber searched
  // a fifth fewer positions).
  if (const std::optional<Nus> v = asNus(g)) {
    number_ += v->number;
    if (nus_ != kNoNus) parts_.erase(std::lower_bound(parts_.begin(), parts_.end(), nus_, formLess));
    nusUps_ += v->ups;
    nusNim_ ^= v->nim;
    nus_ = nusUps_ != 0 || nusNim_ != 0 ? nus(Dyadic(), nusUps_, nusNim_) : kNoNus;
    if (nus_ != kNoNus) parts_.insert(std::upper_bound(parts_.begin(), parts_.end(), nus_, formLess), nus_);
    return;
  }
  const GameId minus = negate(g);
  if (const auto it = std::lower_bound(parts_.begin(), parts_.end(), minus, formLess); it != parts_.end() && *it == minus) {
    parts_.erase(it);
    return;
  }
  parts_.insert(std::upper_bound(parts_.begin(), parts_.end(), g, formLess), g);
}

PartSum PartSum::replaced(size_t i, GameId g) const {
  PartSum next;
  next.number_ = number_;
  next.parts_.reserve(parts_.size());
  for (size_t j = 0; j < parts_.size(); ++j)
    if (j != i) next.parts_.push_back(parts_[j]);
  if (parts_[i] != nus_) {  // the folded part stays
    next.nus_ = nus_;
    next.nusUps_ = nusUps_;
    next.nusNim_ = nusNim_;
  }
  next.add(g);
  return next;
}

std::vector<GameId> PartSum::values() const {
  std::vector<GameId> all = parts_;
  if (!(number_ == Dyadic())) all.push_back(cgt::number(number_));
  return all;
}

std::vector<std::pair<size_t, GameId>> PartSum::moves(Side mover) const {
  struct Scored {
    Dyadic gap;    // the part's left stop minus its right stop: how hot it is, roughly
    Dyadic score;  // the option's stops added, from the mover's side
    size_t part;
    GameId option;
  };
  std::vector<Scored> scored;
  for (size_t i = 0; i < parts_.size(); ++i) {
    if (i > 0 && parts_[i] == parts_[i - 1]) continue;
    const Dyadic gap = leftStop(parts_[i]) - rightStop(parts_[i]);
    for (GameId o : optionsOf(parts_[i], mover)) {
      const Dyadic stops = leftStop(o) + rightStop(o);
      scored.push_back({gap, mover == Side::Left ? stops : -stops, i, o});
    }
  }
  // Ties go by the parts' order and then the options' forms (formLess), never by their ids.
  std::sort(scored.begin(), scored.end(), [](const Scored& a, const Scored& b) {
    if (a.gap != b.gap) return b.gap < a.gap;
    if (a.score != b.score) return b.score < a.score;
    return a.part != b.part ? a.part < b.part : formLess(a.option, b.option);
  });
  std::vector<std::pair<size_t, GameId>> result;
  result.reserve(scored.size());
  for (const Scored& s : scored) result.emplace_back(s.part, s.option);
  return result;
}

// With L and R the stops: L(G + H) <= L(G) + L(H), L(G + H) >= L(G) + R(H), R(G + H) >= R(G) +
// R(H) and R(G + H) <= R(G) + L(H). Left moving first wins when L(sum) > 0 (then the sum is not
// <= 0) and loses when L(sum) < 0 (then the sum is < 0); Right alike with R(sum).
std::optional<bool> PartSum::decidedByStops(Side mover) const {
  if (parts_.empty()) return mover == Side::Left ? Dyadic() < number_ : number_ < Dyadic();
  Dyadic sumLeft = number_, sumRight = number_, widest;
  for (GameId p : parts_) {
    sumLeft += leftStop(p);
    sumRight += rightStop(p);
    widest = std::max(widest, leftStop(p) - rightStop(p));
  }
  if (mover == Side::Left) {
    if (Dyadic() < sumRight + widest) return true;
    if (sumLeft < Dyadic()) return false;
  } else {
    if (sumLeft - widest < Dyadic()) return true;
    if (Dyadic() < sumRight) return false;
  }
  return std::nullopt;
}

void PartSum::appendKey(std::string& key) const {
  key.append(reinterpret_cast<const char*>(&number_.num), sizeof number_.num);
  key.append(reinterpret_cast<const char*>(&number_.exp), sizeof number_.exp);
  appendPartsKey(key);
}

void PartSum::appendPartsKey(std::string& key) const {
  key.append(reinterpret_cast<const char*>(parts_.data()), parts_.size() * sizeof(GameId));
}

void PartSum::appendKeyBesidesNumberUpStar(std::string& key) const {
  for (GameId p : parts_)
    if (p != nus_) key.append(reinterpret_cast<const char*>(&p), sizeof p);
}

uint64_t PartSum::formHashBesidesNumberUpStar(uint64_t seed) const {
  for (GameId p : parts_)
    if (p != nus_) {
      const uint64_t form = formHash(p);
      seed = XXH3_64bits_withSeed(&form, sizeof form, seed);
    }
  return seed;
}

bool SumSearch::moverWins(const PartSum& sum, Side mover, const std::function<void()>& poll) {
  if (const auto settled = sum.decidedByStops(mover)) return *settled;
  const std::vector<GameId>& parts = sum.parts();
  // One or two parts: a comparison of canonical forms, G <= -x or G <= -x - H (the right side
  // is a number translation, cheap to build).
  if (parts.size() <= 2) {
    GameId rest = number(-sum.number());
    if (parts.size() == 2) rest = add(rest, negate(parts[1]));
    return mover == Side::Left ? !leq(parts[0], rest) : !leq(rest, parts[0]);
  }
  std::string key(1, mover == Side::Left ? 'L' : 'R');
  sum.appendKey(key);
  {
    decltype(table_)::const_accessor found;
    if (table_.find(found, key)) return found->second;
  }
  if ((++nodes_ & 1023) == 0 && poll) poll();
  bool wins = false;
  for (const auto& [part, option] : sum.moves(mover))
    if (!moverWins(sum.replaced(part, option), other(mover), poll)) {
      wins = true;
      break;
    }
  if (table_.size() < maxEntries_) table_.insert({std::move(key), wins});
  return wins;
}

}  // namespace cgt
