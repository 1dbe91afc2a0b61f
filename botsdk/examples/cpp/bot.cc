// bot.cc: a Bézique bot in C++ on gRPC alone (no SDK), the one to copy for a bot of your own.
//
// It plays one seat of a table (--table, --seat, --token), or, without --table, waits in the
// referee's lobby (serve mode) and plays every game the referee gives it, as `bezique match
// --cmd` needs: the address and the name then default to $BEZIQUE_SERVER and $BEZIQUE_BOT_NAME.
// --key and --tls-ca default to $BEZIQUE_KEY and $BEZIQUE_TLS_CA, as in every SDK.
// docs/write-a-bot.md describes every message; build with build.sh next to this file.
//
// What a bot of your own changes is Choose(): the rest is the protocol, done as the docs say:
// Join with the compact view and batches, answer each DecisionRequest by its request id (the
// same answer again when a request comes again), Pong every Ping, resend after a
// REJECTION_CODE_UNAVAILABLE, and after a lost connection join again with resume_after_seq.

#include <absl/status/status.h>
#include <grpcpp/grpcpp.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <sstream>
#include <string>
#include <thread>

#include "bezique/v1/lobby_service.grpc.pb.h"
#include "bezique/v1/seat_service.grpc.pb.h"
#include "rpc_status.pb.h"

namespace pb = bezique::v1;
using namespace std::chrono_literals;

namespace {

// Options are the command line's flags.
struct Options {
  std::string server = "127.0.0.1:7777";
  std::string table;  // empty: serve mode
  uint32_t seat = 0;
  std::string token;
  std::string name = "cpp";
  std::string key;     // API key, sent as "authorization: Bearer KEY"
  std::string tls_ca;  // CA file; "system" for the system's roots; empty: plaintext
  uint32_t capacity = 4;
  int connect_attempts = 5;
};

std::mutex log_mu;

// games are the games of serve mode in play, "table/seat/member": the referee announces them
// again after the bot dials in again, and each is played once.
std::mutex games_mu;
std::set<std::string> games;

// Log prints one line to stdout (every game of serve mode runs in its own thread).
void Log(const std::string& line) {
  std::lock_guard<std::mutex> lock(log_mu);
  std::cout << line << std::endl;
}

// A card id is copy*32 + suit*8 + rank (docs/write-a-bot.md, "Compact views"): with the compact
// view a Card carries its id only. Rank: 0 seven .. 5 king, 6 ten, 7 ace; suit: 0 spades ..
// 3 clubs, the proto's Suit value minus one.
int Rank(uint32_t id) { return id % 8; }
int Suit(uint32_t id) { return id / 8 % 4; }
bool Brisque(uint32_t id) { return Rank(id) >= 6; }  // an ace or a ten

// Choose is the strategy: the best meld, else the seven of trumps or a carte blanche, else a
// play. It wins a trick holding an ace or a ten (or any trick in phase 2) with its cheapest card
// that beats it (the view's beating_cards: the referee's own trick rule) unless its partner wins
// it already, and otherwise throws its cheapest card, plain suits before trumps. `side` maps each
// seat to its side, from the Welcome.
uint32_t Choose(const pb::DecisionRequest& req, const std::map<uint32_t, uint32_t>& side, uint32_t my_seat) {
  const pb::View& view = req.view();
  int trump = view.trump() - 1;  // -1 while no trump is fixed
  uint32_t best_meld = 0, best_points = 0, seven = 0, end_window = 0;
  for (const auto& la : req.legal_actions()) {
    const pb::Action& a = la.action();
    if (a.has_meld() && (best_meld == 0 || a.meld().meld().points() > best_points)) {
      best_meld = la.action_id();
      best_points = a.meld().meld().points();
    }
    if (a.has_seven_exchange() || a.has_seven_declare() || a.has_carte_blanche()) seven = la.action_id();
    if (a.has_end_window()) end_window = la.action_id();
  }
  if (best_meld != 0) return best_meld;
  if (seven != 0) return seven;
  if (end_window != 0) return end_window;

  // cost orders the cards we would rather give away first: plain before trump, low before high.
  auto cost = [&](uint32_t id) { return (Suit(id) == trump ? 8 : 0) + Rank(id); };
  std::set<uint32_t> beating;
  for (const auto& c : view.beating_cards()) beating.insert(c.id());
  bool partner_wins = view.has_trick_winner() && view.trick_winner().seat() != my_seat &&
                      side.at(view.trick_winner().seat()) == side.at(my_seat);
  bool worth = view.phase() == pb::PHASE_TRICK_PHASE2;
  for (const auto& p : view.current_trick()) worth = worth || Brisque(p.card().id());

  uint32_t cheapest = 0, winner = 0;
  int cheapest_cost = 99, winner_cost = 99;
  for (const auto& la : req.legal_actions()) {
    if (!la.action().has_play()) continue;
    uint32_t id = la.action().play().card().id();
    if (cost(id) < cheapest_cost) cheapest = la.action_id(), cheapest_cost = cost(id);
    if (beating.count(id) && cost(id) < winner_cost) winner = la.action_id(), winner_cost = cost(id);
  }
  if (winner != 0 && worth && !partner_wins) return winner;
  if (cheapest != 0) return cheapest;
  return req.legal_actions(0).action_id();  // pass_meld, or anything else: the first legal action
}

// OutcomeText says how a game ended in the words of the SDKs and the CLI: "completed, side 1
// wins", "forfeit by seat 0 (timeout: decision deadline passed), side 1 wins".
std::string OutcomeText(const pb::GameResult& r) {
  std::string winner = r.has_winner_side() ? "side " + std::to_string(r.winner_side()) + " wins" : "no winner";
  switch (r.outcome()) {
    case pb::OUTCOME_COMPLETED:
      return "completed, " + winner;
    case pb::OUTCOME_FORFEIT: {
      const char* cause[] = {"cause not recorded", "timeout", "illegal actions", "disconnect"};
      return "forfeit by seat " + std::to_string(r.forfeit_seat()) + " (" + cause[r.forfeit_cause() % 4] + ": " +
             r.reason() + "), " + winner;
    }
    case pb::OUTCOME_CANCELLED:
      return "cancelled (" + r.reason() + "), no result";
    case pb::OUTCOME_EXPIRED:
      return "expired (" + r.reason() + "), no result";
    default:
      return "not ended";
  }
}

// Describe is a status as "CODE: message" (gRPC's codes are Abseil's, which name them).
std::string Describe(const grpc::Status& st) {
  return absl::StatusCodeToString(static_cast<absl::StatusCode>(st.error_code())) + ": " + st.error_message();
}

// Permanent is a status a bot must not retry (docs/write-a-bot.md, "Reconnecting and resuming"):
// ABORTED means a newer connection holds the seat, UNAUTHENTICATED an unknown or revoked API key.
bool Permanent(grpc::StatusCode c) {
  return c == grpc::NOT_FOUND || c == grpc::PERMISSION_DENIED || c == grpc::UNAUTHENTICATED ||
         c == grpc::INVALID_ARGUMENT || c == grpc::FAILED_PRECONDITION || c == grpc::ABORTED ||
         c == grpc::UNIMPLEMENTED;
}

// RetryDelay is the google.rpc.RetryInfo delay the referee attached to a status
// (RESOURCE_EXHAUSTED for too many joins, UNAVAILABLE while a table moves), or 0.
std::chrono::milliseconds RetryDelay(const grpc::Status& st) {
  google::rpc::Status details;
  if (st.error_details().empty() || !details.ParseFromString(st.error_details())) return 0ms;
  for (const auto& any : details.details()) {
    google::rpc::RetryInfo info;
    if (any.UnpackTo(&info)) {
      return std::chrono::seconds(info.retry_delay().seconds()) +
             std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::nanoseconds(info.retry_delay().nanos()));
    }
  }
  return 0ms;
}

// Backoff is the wait before the next attempt: 100 ms doubling to 5 s, and at least the delay
// of the failed attempt's RetryInfo. A message from the referee starts it again from 100 ms.
struct Backoff {
  std::chrono::milliseconds next = 100ms;
  std::chrono::milliseconds Next(const grpc::Status& st) {
    auto wait = std::max(next, RetryDelay(st));
    next = std::min(next * 2, std::chrono::milliseconds(5s));
    return wait;
  }
};

// NewContext is a call's context, with the API key when there is one.
std::unique_ptr<grpc::ClientContext> NewContext(const Options& o) {
  auto ctx = std::make_unique<grpc::ClientContext>();
  if (!o.key.empty()) ctx->AddMetadata("authorization", "Bearer " + o.key);
  return ctx;
}

// PlaySeat plays one seat to its GameOver, joining again after a lost connection. It returns
// false when it gives up (a permanent status, or a referee it never reached).
bool PlaySeat(const std::shared_ptr<grpc::Channel>& channel, const Options& o, const std::string& table, uint32_t seat,
              const std::string& token, uint32_t member) {
  auto stub = pb::SeatService::NewStub(channel);
  std::string who = table + " seat " + std::to_string(seat);
  uint64_t last_seq = 0;                  // the highest event seq processed: resume after it
  std::map<uint64_t, uint32_t> answered;  // request id -> action id: a request sent again gets the same answer
  std::map<uint32_t, uint32_t> side;      // seat -> side, from the Welcome
  bool proposes = false;                  // a team member whose Decide would not count
  bool reached = false;
  int attempts = 0, pings = 0;
  Backoff backoff;
  for (;;) {
    auto ctx = NewContext(o);
    auto stream = stub->Connect(ctx.get());
    pb::ConnectRequest join;
    pb::Join* j = join.mutable_join();
    j->set_table_id(table);
    j->set_seat(seat);
    j->set_token(token);
    j->set_member(member);
    j->set_bot_name(o.name);
    j->set_bot_version("1");
    j->set_protocol_version(1);
    j->set_resume_after_seq(last_seq);
    j->set_view_mode(pb::VIEW_MODE_COMPACT);
    j->set_batch(true);
    stream->Write(join);

    bool over = false;
    pb::DecisionRequest open;  // the request last answered, for a fallback after a rejection
    // send answers a request. A member of a team seat other than the captain (member 0) at a
    // table where only the captain's answer counts proposes its choice to the team instead.
    auto send = [&](uint64_t request_id, uint32_t action_id) {
      pb::ConnectRequest m;
      if (proposes) {
        m.mutable_team_message()->set_proposal_action_id(action_id);
      } else {
        m.mutable_decide()->set_request_id(request_id);
        m.mutable_decide()->set_action_id(action_id);
      }
      stream->Write(m);
    };
    // handle takes one message of the referee (a Batch's messages come through it one by one).
    auto handle = [&](const pb::ConnectResponse& m) {
      switch (m.kind_case()) {
        case pb::ConnectResponse::kWelcome:
          last_seq = std::max(last_seq, m.welcome().last_seq());
          for (const auto& s : m.welcome().seats()) side[s.seat()] = s.side();
          proposes = m.welcome().member() != 0 && m.welcome().team_policy() == pb::TEAM_POLICY_CAPTAIN;
          if (!reached) Log(o.name + ": " + who + ": joined, side " + std::to_string(m.welcome().side()));
          reached = true;
          break;
        case pb::ConnectResponse::kEvent:
          last_seq = std::max(last_seq, m.event().seq());
          break;
        case pb::ConnectResponse::kDecisionRequest: {
          const auto& req = m.decision_request();
          auto it = answered.find(req.request_id());
          uint32_t action = it != answered.end() ? it->second : Choose(req, side, seat);
          answered[req.request_id()] = action;
          open = req;
          send(req.request_id(), action);
          break;
        }
        case pb::ConnectResponse::kRejection: {
          const auto& r = m.rejection();
          if (r.code() == pb::REJECTION_CODE_STALE_REQUEST) break;  // an answer sent twice: harmless
          if (r.code() == pb::REJECTION_CODE_UNAVAILABLE) {           // not stored: send it again
            send(r.request_id(), answered[r.request_id()]);
            break;
          }
          Log(o.name + ": " + who + ": rejected (" + pb::RejectionCode_Name(r.code()) + " " + r.rule() + "): " + r.message());
          // A bug in Choose: the request stays open, so fall back to its first legal action, once
          // (each rejection is a strike against the seat).
          uint32_t first = open.legal_actions_size() > 0 ? open.legal_actions(0).action_id() : 0;
          if (r.request_id() == open.request_id() && first != 0 && answered[r.request_id()] != first) {
            answered[r.request_id()] = first;
            send(r.request_id(), first);
          }
          break;
        }
        case pb::ConnectResponse::kPing: {
          pb::ConnectRequest pong;
          pong.mutable_pong()->set_nonce(m.ping().nonce());
          stream->Write(pong);
          pings++;
          break;
        }
        case pb::ConnectResponse::kGameOver: {
          const auto& r = m.game_over().result();
          std::ostringstream line;
          line << o.name << ": " << who << ": game over: " << OutcomeText(r) << " (";
          for (const auto& s : r.scores()) line << (s.side() ? " v " : "") << s.total();
          line << ", " << r.deals() << " deals; " << pings << " pings answered)";
          Log(line.str());
          over = true;
          break;
        }
        default:  // clock reports, team messages, and whatever a later protocol adds
          break;
      }
    };
    pb::ConnectResponse msg;
    while (stream->Read(&msg)) {
      attempts = 0;
      backoff = Backoff{};
      if (msg.has_batch()) {
        for (const auto& m : msg.batch().messages()) handle(m);
      } else {
        handle(msg);
      }
    }
    grpc::Status st = stream->Finish();
    if (over) return true;
    if (st.ok()) {  // the referee ended the stream without a GameOver: nothing more to play
      Log(o.name + ": " + who + ": the referee ended the stream before the game's end");
      return false;
    }
    if (Permanent(st.error_code())) {
      Log(o.name + ": " + who + ": giving up: " + Describe(st));
      return false;
    }
    if (!reached && ++attempts >= o.connect_attempts) {
      Log(o.name + ": cannot reach " + o.server + " (" + std::to_string(attempts) + " attempts): " + Describe(st));
      return false;
    }
    auto wait = backoff.Next(st);
    Log(o.name + ": " + who + ": reconnecting in " + std::to_string(wait.count()) + " ms after " + Describe(st) +
        " (resume after seq " + std::to_string(last_seq) + ")");
    std::this_thread::sleep_for(wait);
  }
}

// Serve waits in the lobby and plays every game the referee assigns, each in its own thread,
// dialling in again after a lost lobby stream. It returns only when it gives up.
int Serve(const std::shared_ptr<grpc::Channel>& channel, const Options& o) {
  auto stub = pb::LobbyService::NewStub(channel);
  bool reached = false;
  int attempts = 0;
  Backoff backoff;
  for (;;) {
    pb::ServeRequest req;
    if (o.key.empty()) req.set_name(o.name);  // with a key the bot is the key's name, as in the SDKs
    req.set_version("1");
    req.set_capacity(o.capacity);
    auto ctx = NewContext(o);
    auto reader = stub->Serve(ctx.get(), req);
    pb::ServeResponse msg;
    while (reader->Read(&msg)) {
      if (!reached) Log(o.name + ": in the lobby of " + o.server + ", capacity " + std::to_string(o.capacity));
      reached = true;
      attempts = 0;
      backoff = Backoff{};
      if (!msg.has_game_assigned()) continue;  // a LobbyPing: the referee still sees us
      pb::GameAssigned g = msg.game_assigned();
      std::string game = g.table_id() + "/" + std::to_string(g.seat()) + "/" + std::to_string(g.member());
      std::lock_guard<std::mutex> lock(games_mu);
      if (!games.insert(game).second) continue;
      std::thread([channel, &o, g, game] {
        PlaySeat(channel, o, g.table_id(), g.seat(), g.token(), g.member());
        std::lock_guard<std::mutex> lock(games_mu);
        games.erase(game);
      }).detach();
    }
    grpc::Status st = reader->Finish();
    if (Permanent(st.error_code())) {
      Log(o.name + ": lobby: giving up: " + Describe(st));
      return 1;
    }
    if (!reached && ++attempts >= o.connect_attempts) {
      Log(o.name + ": cannot reach " + o.server + " (" + std::to_string(attempts) + " attempts): " + Describe(st));
      return 1;
    }
    auto wait = backoff.Next(st);
    Log(o.name + ": lobby: dialling in again in " + std::to_string(wait.count()) + " ms after " + Describe(st));
    std::this_thread::sleep_for(wait);
  }
}

std::string ReadFile(const std::string& path) {
  std::ifstream f(path);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

// Trim returns s without its surrounding whitespace: the newline that ends a value read from a
// file or a Kubernetes Secret into $BEZIQUE_KEY or $BEZIQUE_SERVER, as every SDK drops it. Sent
// as it was, a key ending with a newline aborted the bot (gRPC: "Illegal header value", then an
// assertion), and one padded with spaces was refused as an unknown key.
std::string Trim(const std::string& s) {
  const char* space = " \t\r\n\v\f";
  auto first = s.find_first_not_of(space);
  if (first == std::string::npos) return "";
  return s.substr(first, s.find_last_not_of(space) - first + 1);
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  // The environment an operator gives a bot, as every SDK reads it: an empty variable is unset.
  if (const char* s = std::getenv("BEZIQUE_SERVER"); s && *s) o.server = s;
  if (const char* s = std::getenv("BEZIQUE_BOT_NAME"); s && *s) o.name = s;
  if (const char* s = std::getenv("BEZIQUE_KEY")) o.key = s;
  if (const char* s = std::getenv("BEZIQUE_TLS_CA")) o.tls_ca = s;  // empty: plaintext
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string flag = argv[i], v = argv[i + 1];
    if (flag == "--server") o.server = v;
    else if (flag == "--table") o.table = v;
    else if (flag == "--seat") o.seat = std::stoul(v);
    else if (flag == "--token") o.token = v;
    else if (flag == "--name") o.name = v;
    else if (flag == "--key") o.key = v;
    else if (flag == "--tls-ca") o.tls_ca = v;
    else if (flag == "--capacity") o.capacity = std::stoul(v);
    else if (flag == "--connect-attempts") o.connect_attempts = std::stoi(v);
    else {
      std::cerr << "usage: " << argv[0]
                << " [--server HOST:PORT] [--table ID --seat N --token T | --capacity N] [--name NAME] [--key KEY]"
                   " [--tls-ca CA.pem|system] [--connect-attempts N]\n";
      return 2;
    }
  }
  o.server = Trim(o.server);
  o.key = Trim(o.key);
  std::shared_ptr<grpc::ChannelCredentials> creds = grpc::InsecureChannelCredentials();
  if (!o.tls_ca.empty()) {
    grpc::SslCredentialsOptions ssl;
    if (o.tls_ca != "system") ssl.pem_root_certs = ReadFile(o.tls_ca);
    creds = grpc::SslCredentials(ssl);
  }
  // gRPC's own wait between two attempts to connect grows to two minutes by default; cap it at
  // 5 s so that a referee restarted on its address is reached within seconds (the docs' advice).
  grpc::ChannelArguments args;
  args.SetInt(GRPC_ARG_INITIAL_RECONNECT_BACKOFF_MS, 100);
  args.SetInt(GRPC_ARG_MAX_RECONNECT_BACKOFF_MS, 5000);
  auto channel = grpc::CreateCustomChannel(o.server, creds, args);
  if (o.table.empty()) return Serve(channel, o);
  return PlaySeat(channel, o, o.table, o.seat, o.token, 0) ? 0 : 1;
}
