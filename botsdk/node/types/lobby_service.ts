import type * as grpc from '@grpc/grpc-js';
import type { EnumTypeDefinition, MessageTypeDefinition } from '@grpc/proto-loader';

import type { AwayBot as _bezique_v1_AwayBot, AwayBot__Output as _bezique_v1_AwayBot__Output } from './bezique/v1/AwayBot';
import type { BuiltinSeat as _bezique_v1_BuiltinSeat, BuiltinSeat__Output as _bezique_v1_BuiltinSeat__Output } from './bezique/v1/BuiltinSeat';
import type { Card as _bezique_v1_Card, Card__Output as _bezique_v1_Card__Output } from './bezique/v1/Card';
import type { ChallengeRequest as _bezique_v1_ChallengeRequest, ChallengeRequest__Output as _bezique_v1_ChallengeRequest__Output } from './bezique/v1/ChallengeRequest';
import type { ChallengeResponse as _bezique_v1_ChallengeResponse, ChallengeResponse__Output as _bezique_v1_ChallengeResponse__Output } from './bezique/v1/ChallengeResponse';
import type { ChallengeSeat as _bezique_v1_ChallengeSeat, ChallengeSeat__Output as _bezique_v1_ChallengeSeat__Output } from './bezique/v1/ChallengeSeat';
import type { Clock as _bezique_v1_Clock, Clock__Output as _bezique_v1_Clock__Output } from './bezique/v1/Clock';
import type { EloInterval as _bezique_v1_EloInterval, EloInterval__Output as _bezique_v1_EloInterval__Output } from './bezique/v1/EloInterval';
import type { Entrant as _bezique_v1_Entrant, Entrant__Output as _bezique_v1_Entrant__Output } from './bezique/v1/Entrant';
import type { EntrantStanding as _bezique_v1_EntrantStanding, EntrantStanding__Output as _bezique_v1_EntrantStanding__Output } from './bezique/v1/EntrantStanding';
import type { FailurePolicy as _bezique_v1_FailurePolicy, FailurePolicy__Output as _bezique_v1_FailurePolicy__Output } from './bezique/v1/FailurePolicy';
import type { GameAssigned as _bezique_v1_GameAssigned, GameAssigned__Output as _bezique_v1_GameAssigned__Output } from './bezique/v1/GameAssigned';
import type { GameResult as _bezique_v1_GameResult, GameResult__Output as _bezique_v1_GameResult__Output } from './bezique/v1/GameResult';
import type { ListBotsRequest as _bezique_v1_ListBotsRequest, ListBotsRequest__Output as _bezique_v1_ListBotsRequest__Output } from './bezique/v1/ListBotsRequest';
import type { ListBotsResponse as _bezique_v1_ListBotsResponse, ListBotsResponse__Output as _bezique_v1_ListBotsResponse__Output } from './bezique/v1/ListBotsResponse';
import type { LobbyBot as _bezique_v1_LobbyBot, LobbyBot__Output as _bezique_v1_LobbyBot__Output } from './bezique/v1/LobbyBot';
import type { LobbyPing as _bezique_v1_LobbyPing, LobbyPing__Output as _bezique_v1_LobbyPing__Output } from './bezique/v1/LobbyPing';
import type { LobbyServiceClient as _bezique_v1_LobbyServiceClient, LobbyServiceDefinition as _bezique_v1_LobbyServiceDefinition } from './bezique/v1/LobbyService';
import type { LobbyTeam as _bezique_v1_LobbyTeam, LobbyTeam__Output as _bezique_v1_LobbyTeam__Output } from './bezique/v1/LobbyTeam';
import type { Meld as _bezique_v1_Meld, Meld__Output as _bezique_v1_Meld__Output } from './bezique/v1/Meld';
import type { MeldValue as _bezique_v1_MeldValue, MeldValue__Output as _bezique_v1_MeldValue__Output } from './bezique/v1/MeldValue';
import type { PairStanding as _bezique_v1_PairStanding, PairStanding__Output as _bezique_v1_PairStanding__Output } from './bezique/v1/PairStanding';
import type { Play as _bezique_v1_Play, Play__Output as _bezique_v1_Play__Output } from './bezique/v1/Play';
import type { Rating as _bezique_v1_Rating, Rating__Output as _bezique_v1_Rating__Output } from './bezique/v1/Rating';
import type { RemoteSeat as _bezique_v1_RemoteSeat, RemoteSeat__Output as _bezique_v1_RemoteSeat__Output } from './bezique/v1/RemoteSeat';
import type { RuleOption as _bezique_v1_RuleOption, RuleOption__Output as _bezique_v1_RuleOption__Output } from './bezique/v1/RuleOption';
import type { RuleOptionDefault as _bezique_v1_RuleOptionDefault, RuleOptionDefault__Output as _bezique_v1_RuleOptionDefault__Output } from './bezique/v1/RuleOptionDefault';
import type { Rules as _bezique_v1_Rules, Rules__Output as _bezique_v1_Rules__Output } from './bezique/v1/Rules';
import type { SeatConduct as _bezique_v1_SeatConduct, SeatConduct__Output as _bezique_v1_SeatConduct__Output } from './bezique/v1/SeatConduct';
import type { SeatConfig as _bezique_v1_SeatConfig, SeatConfig__Output as _bezique_v1_SeatConfig__Output } from './bezique/v1/SeatConfig';
import type { SeatInfo as _bezique_v1_SeatInfo, SeatInfo__Output as _bezique_v1_SeatInfo__Output } from './bezique/v1/SeatInfo';
import type { SeatToken as _bezique_v1_SeatToken, SeatToken__Output as _bezique_v1_SeatToken__Output } from './bezique/v1/SeatToken';
import type { SeatView as _bezique_v1_SeatView, SeatView__Output as _bezique_v1_SeatView__Output } from './bezique/v1/SeatView';
import type { ServeRequest as _bezique_v1_ServeRequest, ServeRequest__Output as _bezique_v1_ServeRequest__Output } from './bezique/v1/ServeRequest';
import type { ServeResponse as _bezique_v1_ServeResponse, ServeResponse__Output as _bezique_v1_ServeResponse__Output } from './bezique/v1/ServeResponse';
import type { SideScore as _bezique_v1_SideScore, SideScore__Output as _bezique_v1_SideScore__Output } from './bezique/v1/SideScore';
import type { Sprt as _bezique_v1_Sprt, Sprt__Output as _bezique_v1_Sprt__Output } from './bezique/v1/Sprt';
import type { SprtDecision as _bezique_v1_SprtDecision, SprtDecision__Output as _bezique_v1_SprtDecision__Output } from './bezique/v1/SprtDecision';
import type { SprtStatus as _bezique_v1_SprtStatus, SprtStatus__Output as _bezique_v1_SprtStatus__Output } from './bezique/v1/SprtStatus';
import type { StackedDeal as _bezique_v1_StackedDeal, StackedDeal__Output as _bezique_v1_StackedDeal__Output } from './bezique/v1/StackedDeal';
import type { StackedHand as _bezique_v1_StackedHand, StackedHand__Output as _bezique_v1_StackedHand__Output } from './bezique/v1/StackedHand';
import type { Standings as _bezique_v1_Standings, Standings__Output as _bezique_v1_Standings__Output } from './bezique/v1/Standings';
import type { TableInfo as _bezique_v1_TableInfo, TableInfo__Output as _bezique_v1_TableInfo__Output } from './bezique/v1/TableInfo';
import type { TabledCard as _bezique_v1_TabledCard, TabledCard__Output as _bezique_v1_TabledCard__Output } from './bezique/v1/TabledCard';
import type { TournamentEnded as _bezique_v1_TournamentEnded, TournamentEnded__Output as _bezique_v1_TournamentEnded__Output } from './bezique/v1/TournamentEnded';
import type { TournamentGameResult as _bezique_v1_TournamentGameResult, TournamentGameResult__Output as _bezique_v1_TournamentGameResult__Output } from './bezique/v1/TournamentGameResult';
import type { TournamentInfo as _bezique_v1_TournamentInfo, TournamentInfo__Output as _bezique_v1_TournamentInfo__Output } from './bezique/v1/TournamentInfo';
import type { TournamentSpec as _bezique_v1_TournamentSpec, TournamentSpec__Output as _bezique_v1_TournamentSpec__Output } from './bezique/v1/TournamentSpec';
import type { Trick as _bezique_v1_Trick, Trick__Output as _bezique_v1_Trick__Output } from './bezique/v1/Trick';
import type { View as _bezique_v1_View, View__Output as _bezique_v1_View__Output } from './bezique/v1/View';
import type { WindowState as _bezique_v1_WindowState, WindowState__Output as _bezique_v1_WindowState__Output } from './bezique/v1/WindowState';
import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from './google/protobuf/Timestamp';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  bezique: {
    v1: {
      AwayBot: MessageTypeDefinition<_bezique_v1_AwayBot, _bezique_v1_AwayBot__Output>
      BuiltinSeat: MessageTypeDefinition<_bezique_v1_BuiltinSeat, _bezique_v1_BuiltinSeat__Output>
      Card: MessageTypeDefinition<_bezique_v1_Card, _bezique_v1_Card__Output>
      ChallengeRequest: MessageTypeDefinition<_bezique_v1_ChallengeRequest, _bezique_v1_ChallengeRequest__Output>
      ChallengeResponse: MessageTypeDefinition<_bezique_v1_ChallengeResponse, _bezique_v1_ChallengeResponse__Output>
      ChallengeSeat: MessageTypeDefinition<_bezique_v1_ChallengeSeat, _bezique_v1_ChallengeSeat__Output>
      Clock: MessageTypeDefinition<_bezique_v1_Clock, _bezique_v1_Clock__Output>
      DealingSource: EnumTypeDefinition
      EloInterval: MessageTypeDefinition<_bezique_v1_EloInterval, _bezique_v1_EloInterval__Output>
      Entrant: MessageTypeDefinition<_bezique_v1_Entrant, _bezique_v1_Entrant__Output>
      EntrantStanding: MessageTypeDefinition<_bezique_v1_EntrantStanding, _bezique_v1_EntrantStanding__Output>
      FailureAction: EnumTypeDefinition
      FailurePolicy: MessageTypeDefinition<_bezique_v1_FailurePolicy, _bezique_v1_FailurePolicy__Output>
      ForfeitCause: EnumTypeDefinition
      GameAssigned: MessageTypeDefinition<_bezique_v1_GameAssigned, _bezique_v1_GameAssigned__Output>
      GameResult: MessageTypeDefinition<_bezique_v1_GameResult, _bezique_v1_GameResult__Output>
      ListBotsRequest: MessageTypeDefinition<_bezique_v1_ListBotsRequest, _bezique_v1_ListBotsRequest__Output>
      ListBotsResponse: MessageTypeDefinition<_bezique_v1_ListBotsResponse, _bezique_v1_ListBotsResponse__Output>
      LobbyBot: MessageTypeDefinition<_bezique_v1_LobbyBot, _bezique_v1_LobbyBot__Output>
      LobbyPing: MessageTypeDefinition<_bezique_v1_LobbyPing, _bezique_v1_LobbyPing__Output>
      /**
       * LobbyService is where bots wait for games: a bot dials in once (Serve) and the referee announces
       * each game it is seated at, up to the bot's capacity; organisers seat present bots (Challenge,
       * or a tournament). docs/write-a-bot.md, "Serve mode".
       */
      LobbyService: SubtypeConstructor<typeof grpc.Client, _bezique_v1_LobbyServiceClient> & { service: _bezique_v1_LobbyServiceDefinition }
      LobbyTeam: MessageTypeDefinition<_bezique_v1_LobbyTeam, _bezique_v1_LobbyTeam__Output>
      Meld: MessageTypeDefinition<_bezique_v1_Meld, _bezique_v1_Meld__Output>
      MeldClass: EnumTypeDefinition
      MeldKind: EnumTypeDefinition
      MeldValue: MessageTypeDefinition<_bezique_v1_MeldValue, _bezique_v1_MeldValue__Output>
      Outcome: EnumTypeDefinition
      PairStanding: MessageTypeDefinition<_bezique_v1_PairStanding, _bezique_v1_PairStanding__Output>
      Partners: EnumTypeDefinition
      Phase: EnumTypeDefinition
      Play: MessageTypeDefinition<_bezique_v1_Play, _bezique_v1_Play__Output>
      Rank: EnumTypeDefinition
      Rating: MessageTypeDefinition<_bezique_v1_Rating, _bezique_v1_Rating__Output>
      RemoteSeat: MessageTypeDefinition<_bezique_v1_RemoteSeat, _bezique_v1_RemoteSeat__Output>
      RuleOption: MessageTypeDefinition<_bezique_v1_RuleOption, _bezique_v1_RuleOption__Output>
      RuleOptionDefault: MessageTypeDefinition<_bezique_v1_RuleOptionDefault, _bezique_v1_RuleOptionDefault__Output>
      RuleOptionType: EnumTypeDefinition
      Rules: MessageTypeDefinition<_bezique_v1_Rules, _bezique_v1_Rules__Output>
      SeatConduct: MessageTypeDefinition<_bezique_v1_SeatConduct, _bezique_v1_SeatConduct__Output>
      SeatConfig: MessageTypeDefinition<_bezique_v1_SeatConfig, _bezique_v1_SeatConfig__Output>
      SeatInfo: MessageTypeDefinition<_bezique_v1_SeatInfo, _bezique_v1_SeatInfo__Output>
      SeatToken: MessageTypeDefinition<_bezique_v1_SeatToken, _bezique_v1_SeatToken__Output>
      SeatView: MessageTypeDefinition<_bezique_v1_SeatView, _bezique_v1_SeatView__Output>
      ServeRequest: MessageTypeDefinition<_bezique_v1_ServeRequest, _bezique_v1_ServeRequest__Output>
      ServeResponse: MessageTypeDefinition<_bezique_v1_ServeResponse, _bezique_v1_ServeResponse__Output>
      SideScore: MessageTypeDefinition<_bezique_v1_SideScore, _bezique_v1_SideScore__Output>
      Sprt: MessageTypeDefinition<_bezique_v1_Sprt, _bezique_v1_Sprt__Output>
      SprtDecision: MessageTypeDefinition<_bezique_v1_SprtDecision, _bezique_v1_SprtDecision__Output>
      SprtStatus: MessageTypeDefinition<_bezique_v1_SprtStatus, _bezique_v1_SprtStatus__Output>
      SprtVerdict: EnumTypeDefinition
      StackedDeal: MessageTypeDefinition<_bezique_v1_StackedDeal, _bezique_v1_StackedDeal__Output>
      StackedHand: MessageTypeDefinition<_bezique_v1_StackedHand, _bezique_v1_StackedHand__Output>
      Standings: MessageTypeDefinition<_bezique_v1_Standings, _bezique_v1_Standings__Output>
      Suit: EnumTypeDefinition
      TableInfo: MessageTypeDefinition<_bezique_v1_TableInfo, _bezique_v1_TableInfo__Output>
      TableState: EnumTypeDefinition
      TabledCard: MessageTypeDefinition<_bezique_v1_TabledCard, _bezique_v1_TabledCard__Output>
      TeamPolicy: EnumTypeDefinition
      TournamentEnded: MessageTypeDefinition<_bezique_v1_TournamentEnded, _bezique_v1_TournamentEnded__Output>
      TournamentFormat: EnumTypeDefinition
      TournamentGameResult: MessageTypeDefinition<_bezique_v1_TournamentGameResult, _bezique_v1_TournamentGameResult__Output>
      TournamentInfo: MessageTypeDefinition<_bezique_v1_TournamentInfo, _bezique_v1_TournamentInfo__Output>
      TournamentSpec: MessageTypeDefinition<_bezique_v1_TournamentSpec, _bezique_v1_TournamentSpec__Output>
      TournamentState: EnumTypeDefinition
      Trick: MessageTypeDefinition<_bezique_v1_Trick, _bezique_v1_Trick__Output>
      Variant: EnumTypeDefinition
      View: MessageTypeDefinition<_bezique_v1_View, _bezique_v1_View__Output>
      WindowStage: EnumTypeDefinition
      WindowState: MessageTypeDefinition<_bezique_v1_WindowState, _bezique_v1_WindowState__Output>
    }
  }
  google: {
    protobuf: {
      Timestamp: MessageTypeDefinition<_google_protobuf_Timestamp, _google_protobuf_Timestamp__Output>
    }
  }
}

