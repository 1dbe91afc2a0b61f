import type * as grpc from '@grpc/grpc-js';
import type { EnumTypeDefinition, MessageTypeDefinition } from '@grpc/proto-loader';

import type { Action as _bezique_v1_Action, Action__Output as _bezique_v1_Action__Output } from './bezique/v1/Action';
import type { AnnouncementLapsed as _bezique_v1_AnnouncementLapsed, AnnouncementLapsed__Output as _bezique_v1_AnnouncementLapsed__Output } from './bezique/v1/AnnouncementLapsed';
import type { Batch as _bezique_v1_Batch, Batch__Output as _bezique_v1_Batch__Output } from './bezique/v1/Batch';
import type { BrisquesScored as _bezique_v1_BrisquesScored, BrisquesScored__Output as _bezique_v1_BrisquesScored__Output } from './bezique/v1/BrisquesScored';
import type { BuiltinSeat as _bezique_v1_BuiltinSeat, BuiltinSeat__Output as _bezique_v1_BuiltinSeat__Output } from './bezique/v1/BuiltinSeat';
import type { Card as _bezique_v1_Card, Card__Output as _bezique_v1_Card__Output } from './bezique/v1/Card';
import type { CardDrawn as _bezique_v1_CardDrawn, CardDrawn__Output as _bezique_v1_CardDrawn__Output } from './bezique/v1/CardDrawn';
import type { CardPlayed as _bezique_v1_CardPlayed, CardPlayed__Output as _bezique_v1_CardPlayed__Output } from './bezique/v1/CardPlayed';
import type { CarteBlancheAction as _bezique_v1_CarteBlancheAction, CarteBlancheAction__Output as _bezique_v1_CarteBlancheAction__Output } from './bezique/v1/CarteBlancheAction';
import type { CarteBlancheShown as _bezique_v1_CarteBlancheShown, CarteBlancheShown__Output as _bezique_v1_CarteBlancheShown__Output } from './bezique/v1/CarteBlancheShown';
import type { Clock as _bezique_v1_Clock, Clock__Output as _bezique_v1_Clock__Output } from './bezique/v1/Clock';
import type { ClockReport as _bezique_v1_ClockReport, ClockReport__Output as _bezique_v1_ClockReport__Output } from './bezique/v1/ClockReport';
import type { ConnectRequest as _bezique_v1_ConnectRequest, ConnectRequest__Output as _bezique_v1_ConnectRequest__Output } from './bezique/v1/ConnectRequest';
import type { ConnectResponse as _bezique_v1_ConnectResponse, ConnectResponse__Output as _bezique_v1_ConnectResponse__Output } from './bezique/v1/ConnectResponse';
import type { DealEnded as _bezique_v1_DealEnded, DealEnded__Output as _bezique_v1_DealEnded__Output } from './bezique/v1/DealEnded';
import type { DealStarted as _bezique_v1_DealStarted, DealStarted__Output as _bezique_v1_DealStarted__Output } from './bezique/v1/DealStarted';
import type { Decide as _bezique_v1_Decide, Decide__Output as _bezique_v1_Decide__Output } from './bezique/v1/Decide';
import type { DecideRequest as _bezique_v1_DecideRequest, DecideRequest__Output as _bezique_v1_DecideRequest__Output } from './bezique/v1/DecideRequest';
import type { DecideResponse as _bezique_v1_DecideResponse, DecideResponse__Output as _bezique_v1_DecideResponse__Output } from './bezique/v1/DecideResponse';
import type { DecisionRequest as _bezique_v1_DecisionRequest, DecisionRequest__Output as _bezique_v1_DecisionRequest__Output } from './bezique/v1/DecisionRequest';
import type { EndWindowAction as _bezique_v1_EndWindowAction, EndWindowAction__Output as _bezique_v1_EndWindowAction__Output } from './bezique/v1/EndWindowAction';
import type { Event as _bezique_v1_Event, Event__Output as _bezique_v1_Event__Output } from './bezique/v1/Event';
import type { FailurePolicy as _bezique_v1_FailurePolicy, FailurePolicy__Output as _bezique_v1_FailurePolicy__Output } from './bezique/v1/FailurePolicy';
import type { GameEnded as _bezique_v1_GameEnded, GameEnded__Output as _bezique_v1_GameEnded__Output } from './bezique/v1/GameEnded';
import type { GameOver as _bezique_v1_GameOver, GameOver__Output as _bezique_v1_GameOver__Output } from './bezique/v1/GameOver';
import type { GameResult as _bezique_v1_GameResult, GameResult__Output as _bezique_v1_GameResult__Output } from './bezique/v1/GameResult';
import type { HandDealt as _bezique_v1_HandDealt, HandDealt__Output as _bezique_v1_HandDealt__Output } from './bezique/v1/HandDealt';
import type { Intervention as _bezique_v1_Intervention, Intervention__Output as _bezique_v1_Intervention__Output } from './bezique/v1/Intervention';
import type { Join as _bezique_v1_Join, Join__Output as _bezique_v1_Join__Output } from './bezique/v1/Join';
import type { LastTrickScored as _bezique_v1_LastTrickScored, LastTrickScored__Output as _bezique_v1_LastTrickScored__Output } from './bezique/v1/LastTrickScored';
import type { LegalAction as _bezique_v1_LegalAction, LegalAction__Output as _bezique_v1_LegalAction__Output } from './bezique/v1/LegalAction';
import type { Meld as _bezique_v1_Meld, Meld__Output as _bezique_v1_Meld__Output } from './bezique/v1/Meld';
import type { MeldAction as _bezique_v1_MeldAction, MeldAction__Output as _bezique_v1_MeldAction__Output } from './bezique/v1/MeldAction';
import type { MeldPassed as _bezique_v1_MeldPassed, MeldPassed__Output as _bezique_v1_MeldPassed__Output } from './bezique/v1/MeldPassed';
import type { MeldValue as _bezique_v1_MeldValue, MeldValue__Output as _bezique_v1_MeldValue__Output } from './bezique/v1/MeldValue';
import type { Melded as _bezique_v1_Melded, Melded__Output as _bezique_v1_Melded__Output } from './bezique/v1/Melded';
import type { PassMeldAction as _bezique_v1_PassMeldAction, PassMeldAction__Output as _bezique_v1_PassMeldAction__Output } from './bezique/v1/PassMeldAction';
import type { Phase2Started as _bezique_v1_Phase2Started, Phase2Started__Output as _bezique_v1_Phase2Started__Output } from './bezique/v1/Phase2Started';
import type { Ping as _bezique_v1_Ping, Ping__Output as _bezique_v1_Ping__Output } from './bezique/v1/Ping';
import type { Play as _bezique_v1_Play, Play__Output as _bezique_v1_Play__Output } from './bezique/v1/Play';
import type { PlayAction as _bezique_v1_PlayAction, PlayAction__Output as _bezique_v1_PlayAction__Output } from './bezique/v1/PlayAction';
import type { PlayRequest as _bezique_v1_PlayRequest, PlayRequest__Output as _bezique_v1_PlayRequest__Output } from './bezique/v1/PlayRequest';
import type { PlayResponse as _bezique_v1_PlayResponse, PlayResponse__Output as _bezique_v1_PlayResponse__Output } from './bezique/v1/PlayResponse';
import type { Pong as _bezique_v1_Pong, Pong__Output as _bezique_v1_Pong__Output } from './bezique/v1/Pong';
import type { Rejection as _bezique_v1_Rejection, Rejection__Output as _bezique_v1_Rejection__Output } from './bezique/v1/Rejection';
import type { RemoteSeat as _bezique_v1_RemoteSeat, RemoteSeat__Output as _bezique_v1_RemoteSeat__Output } from './bezique/v1/RemoteSeat';
import type { RuleOption as _bezique_v1_RuleOption, RuleOption__Output as _bezique_v1_RuleOption__Output } from './bezique/v1/RuleOption';
import type { RuleOptionDefault as _bezique_v1_RuleOptionDefault, RuleOptionDefault__Output as _bezique_v1_RuleOptionDefault__Output } from './bezique/v1/RuleOptionDefault';
import type { Rules as _bezique_v1_Rules, Rules__Output as _bezique_v1_Rules__Output } from './bezique/v1/Rules';
import type { SeatClock as _bezique_v1_SeatClock, SeatClock__Output as _bezique_v1_SeatClock__Output } from './bezique/v1/SeatClock';
import type { SeatConfig as _bezique_v1_SeatConfig, SeatConfig__Output as _bezique_v1_SeatConfig__Output } from './bezique/v1/SeatConfig';
import type { SeatConnected as _bezique_v1_SeatConnected, SeatConnected__Output as _bezique_v1_SeatConnected__Output } from './bezique/v1/SeatConnected';
import type { SeatDisconnected as _bezique_v1_SeatDisconnected, SeatDisconnected__Output as _bezique_v1_SeatDisconnected__Output } from './bezique/v1/SeatDisconnected';
import type { SeatInfo as _bezique_v1_SeatInfo, SeatInfo__Output as _bezique_v1_SeatInfo__Output } from './bezique/v1/SeatInfo';
import type { SeatServiceClient as _bezique_v1_SeatServiceClient, SeatServiceDefinition as _bezique_v1_SeatServiceDefinition } from './bezique/v1/SeatService';
import type { SeatToken as _bezique_v1_SeatToken, SeatToken__Output as _bezique_v1_SeatToken__Output } from './bezique/v1/SeatToken';
import type { SeatView as _bezique_v1_SeatView, SeatView__Output as _bezique_v1_SeatView__Output } from './bezique/v1/SeatView';
import type { SevenDeclareAction as _bezique_v1_SevenDeclareAction, SevenDeclareAction__Output as _bezique_v1_SevenDeclareAction__Output } from './bezique/v1/SevenDeclareAction';
import type { SevenDeclared as _bezique_v1_SevenDeclared, SevenDeclared__Output as _bezique_v1_SevenDeclared__Output } from './bezique/v1/SevenDeclared';
import type { SevenExchangeAction as _bezique_v1_SevenExchangeAction, SevenExchangeAction__Output as _bezique_v1_SevenExchangeAction__Output } from './bezique/v1/SevenExchangeAction';
import type { SevenExchanged as _bezique_v1_SevenExchanged, SevenExchanged__Output as _bezique_v1_SevenExchanged__Output } from './bezique/v1/SevenExchanged';
import type { SevenPlayedScored as _bezique_v1_SevenPlayedScored, SevenPlayedScored__Output as _bezique_v1_SevenPlayedScored__Output } from './bezique/v1/SevenPlayedScored';
import type { SideScore as _bezique_v1_SideScore, SideScore__Output as _bezique_v1_SideScore__Output } from './bezique/v1/SideScore';
import type { StackedDeal as _bezique_v1_StackedDeal, StackedDeal__Output as _bezique_v1_StackedDeal__Output } from './bezique/v1/StackedDeal';
import type { StackedHand as _bezique_v1_StackedHand, StackedHand__Output as _bezique_v1_StackedHand__Output } from './bezique/v1/StackedHand';
import type { TableCancelled as _bezique_v1_TableCancelled, TableCancelled__Output as _bezique_v1_TableCancelled__Output } from './bezique/v1/TableCancelled';
import type { TableInfo as _bezique_v1_TableInfo, TableInfo__Output as _bezique_v1_TableInfo__Output } from './bezique/v1/TableInfo';
import type { TabledCard as _bezique_v1_TabledCard, TabledCard__Output as _bezique_v1_TabledCard__Output } from './bezique/v1/TabledCard';
import type { TeamMessage as _bezique_v1_TeamMessage, TeamMessage__Output as _bezique_v1_TeamMessage__Output } from './bezique/v1/TeamMessage';
import type { TeamMessageRelayed as _bezique_v1_TeamMessageRelayed, TeamMessageRelayed__Output as _bezique_v1_TeamMessageRelayed__Output } from './bezique/v1/TeamMessageRelayed';
import type { Trick as _bezique_v1_Trick, Trick__Output as _bezique_v1_Trick__Output } from './bezique/v1/Trick';
import type { TrickWon as _bezique_v1_TrickWon, TrickWon__Output as _bezique_v1_TrickWon__Output } from './bezique/v1/TrickWon';
import type { TrumpFixed as _bezique_v1_TrumpFixed, TrumpFixed__Output as _bezique_v1_TrumpFixed__Output } from './bezique/v1/TrumpFixed';
import type { TurnUpSeven as _bezique_v1_TurnUpSeven, TurnUpSeven__Output as _bezique_v1_TurnUpSeven__Output } from './bezique/v1/TurnUpSeven';
import type { View as _bezique_v1_View, View__Output as _bezique_v1_View__Output } from './bezique/v1/View';
import type { Welcome as _bezique_v1_Welcome, Welcome__Output as _bezique_v1_Welcome__Output } from './bezique/v1/Welcome';
import type { WindowEnded as _bezique_v1_WindowEnded, WindowEnded__Output as _bezique_v1_WindowEnded__Output } from './bezique/v1/WindowEnded';
import type { WindowState as _bezique_v1_WindowState, WindowState__Output as _bezique_v1_WindowState__Output } from './bezique/v1/WindowState';
import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from './google/protobuf/Timestamp';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  bezique: {
    v1: {
      Action: MessageTypeDefinition<_bezique_v1_Action, _bezique_v1_Action__Output>
      AnnouncementLapsed: MessageTypeDefinition<_bezique_v1_AnnouncementLapsed, _bezique_v1_AnnouncementLapsed__Output>
      Batch: MessageTypeDefinition<_bezique_v1_Batch, _bezique_v1_Batch__Output>
      BrisquesScored: MessageTypeDefinition<_bezique_v1_BrisquesScored, _bezique_v1_BrisquesScored__Output>
      BuiltinSeat: MessageTypeDefinition<_bezique_v1_BuiltinSeat, _bezique_v1_BuiltinSeat__Output>
      Card: MessageTypeDefinition<_bezique_v1_Card, _bezique_v1_Card__Output>
      CardDrawn: MessageTypeDefinition<_bezique_v1_CardDrawn, _bezique_v1_CardDrawn__Output>
      CardPlayed: MessageTypeDefinition<_bezique_v1_CardPlayed, _bezique_v1_CardPlayed__Output>
      CarteBlancheAction: MessageTypeDefinition<_bezique_v1_CarteBlancheAction, _bezique_v1_CarteBlancheAction__Output>
      CarteBlancheShown: MessageTypeDefinition<_bezique_v1_CarteBlancheShown, _bezique_v1_CarteBlancheShown__Output>
      Clock: MessageTypeDefinition<_bezique_v1_Clock, _bezique_v1_Clock__Output>
      ClockReport: MessageTypeDefinition<_bezique_v1_ClockReport, _bezique_v1_ClockReport__Output>
      ConnectRequest: MessageTypeDefinition<_bezique_v1_ConnectRequest, _bezique_v1_ConnectRequest__Output>
      ConnectResponse: MessageTypeDefinition<_bezique_v1_ConnectResponse, _bezique_v1_ConnectResponse__Output>
      DealEnded: MessageTypeDefinition<_bezique_v1_DealEnded, _bezique_v1_DealEnded__Output>
      DealStarted: MessageTypeDefinition<_bezique_v1_DealStarted, _bezique_v1_DealStarted__Output>
      DealingSource: EnumTypeDefinition
      Decide: MessageTypeDefinition<_bezique_v1_Decide, _bezique_v1_Decide__Output>
      DecideRequest: MessageTypeDefinition<_bezique_v1_DecideRequest, _bezique_v1_DecideRequest__Output>
      DecideResponse: MessageTypeDefinition<_bezique_v1_DecideResponse, _bezique_v1_DecideResponse__Output>
      DecisionRequest: MessageTypeDefinition<_bezique_v1_DecisionRequest, _bezique_v1_DecisionRequest__Output>
      EndWindowAction: MessageTypeDefinition<_bezique_v1_EndWindowAction, _bezique_v1_EndWindowAction__Output>
      Event: MessageTypeDefinition<_bezique_v1_Event, _bezique_v1_Event__Output>
      FailureAction: EnumTypeDefinition
      FailurePolicy: MessageTypeDefinition<_bezique_v1_FailurePolicy, _bezique_v1_FailurePolicy__Output>
      ForfeitCause: EnumTypeDefinition
      GameEnded: MessageTypeDefinition<_bezique_v1_GameEnded, _bezique_v1_GameEnded__Output>
      GameOver: MessageTypeDefinition<_bezique_v1_GameOver, _bezique_v1_GameOver__Output>
      GameResult: MessageTypeDefinition<_bezique_v1_GameResult, _bezique_v1_GameResult__Output>
      HandDealt: MessageTypeDefinition<_bezique_v1_HandDealt, _bezique_v1_HandDealt__Output>
      Intervention: MessageTypeDefinition<_bezique_v1_Intervention, _bezique_v1_Intervention__Output>
      InterventionKind: EnumTypeDefinition
      Join: MessageTypeDefinition<_bezique_v1_Join, _bezique_v1_Join__Output>
      LapseCause: EnumTypeDefinition
      LastTrickScored: MessageTypeDefinition<_bezique_v1_LastTrickScored, _bezique_v1_LastTrickScored__Output>
      LegalAction: MessageTypeDefinition<_bezique_v1_LegalAction, _bezique_v1_LegalAction__Output>
      Meld: MessageTypeDefinition<_bezique_v1_Meld, _bezique_v1_Meld__Output>
      MeldAction: MessageTypeDefinition<_bezique_v1_MeldAction, _bezique_v1_MeldAction__Output>
      MeldClass: EnumTypeDefinition
      MeldKind: EnumTypeDefinition
      MeldPassed: MessageTypeDefinition<_bezique_v1_MeldPassed, _bezique_v1_MeldPassed__Output>
      MeldValue: MessageTypeDefinition<_bezique_v1_MeldValue, _bezique_v1_MeldValue__Output>
      Melded: MessageTypeDefinition<_bezique_v1_Melded, _bezique_v1_Melded__Output>
      Outcome: EnumTypeDefinition
      PassMeldAction: MessageTypeDefinition<_bezique_v1_PassMeldAction, _bezique_v1_PassMeldAction__Output>
      Phase: EnumTypeDefinition
      Phase2Started: MessageTypeDefinition<_bezique_v1_Phase2Started, _bezique_v1_Phase2Started__Output>
      Ping: MessageTypeDefinition<_bezique_v1_Ping, _bezique_v1_Ping__Output>
      Play: MessageTypeDefinition<_bezique_v1_Play, _bezique_v1_Play__Output>
      PlayAction: MessageTypeDefinition<_bezique_v1_PlayAction, _bezique_v1_PlayAction__Output>
      PlayRequest: MessageTypeDefinition<_bezique_v1_PlayRequest, _bezique_v1_PlayRequest__Output>
      PlayResponse: MessageTypeDefinition<_bezique_v1_PlayResponse, _bezique_v1_PlayResponse__Output>
      Pong: MessageTypeDefinition<_bezique_v1_Pong, _bezique_v1_Pong__Output>
      Rank: EnumTypeDefinition
      Rejection: MessageTypeDefinition<_bezique_v1_Rejection, _bezique_v1_Rejection__Output>
      RejectionCode: EnumTypeDefinition
      RemoteSeat: MessageTypeDefinition<_bezique_v1_RemoteSeat, _bezique_v1_RemoteSeat__Output>
      RuleOption: MessageTypeDefinition<_bezique_v1_RuleOption, _bezique_v1_RuleOption__Output>
      RuleOptionDefault: MessageTypeDefinition<_bezique_v1_RuleOptionDefault, _bezique_v1_RuleOptionDefault__Output>
      RuleOptionType: EnumTypeDefinition
      Rules: MessageTypeDefinition<_bezique_v1_Rules, _bezique_v1_Rules__Output>
      SeatClock: MessageTypeDefinition<_bezique_v1_SeatClock, _bezique_v1_SeatClock__Output>
      SeatConfig: MessageTypeDefinition<_bezique_v1_SeatConfig, _bezique_v1_SeatConfig__Output>
      SeatConnected: MessageTypeDefinition<_bezique_v1_SeatConnected, _bezique_v1_SeatConnected__Output>
      SeatDisconnected: MessageTypeDefinition<_bezique_v1_SeatDisconnected, _bezique_v1_SeatDisconnected__Output>
      SeatInfo: MessageTypeDefinition<_bezique_v1_SeatInfo, _bezique_v1_SeatInfo__Output>
      /**
       * SeatService is how a remote bot plays a seat.
       */
      SeatService: SubtypeConstructor<typeof grpc.Client, _bezique_v1_SeatServiceClient> & { service: _bezique_v1_SeatServiceDefinition }
      SeatToken: MessageTypeDefinition<_bezique_v1_SeatToken, _bezique_v1_SeatToken__Output>
      SeatView: MessageTypeDefinition<_bezique_v1_SeatView, _bezique_v1_SeatView__Output>
      SevenDeclareAction: MessageTypeDefinition<_bezique_v1_SevenDeclareAction, _bezique_v1_SevenDeclareAction__Output>
      SevenDeclared: MessageTypeDefinition<_bezique_v1_SevenDeclared, _bezique_v1_SevenDeclared__Output>
      SevenExchangeAction: MessageTypeDefinition<_bezique_v1_SevenExchangeAction, _bezique_v1_SevenExchangeAction__Output>
      SevenExchanged: MessageTypeDefinition<_bezique_v1_SevenExchanged, _bezique_v1_SevenExchanged__Output>
      SevenPlayedScored: MessageTypeDefinition<_bezique_v1_SevenPlayedScored, _bezique_v1_SevenPlayedScored__Output>
      SideScore: MessageTypeDefinition<_bezique_v1_SideScore, _bezique_v1_SideScore__Output>
      StackedDeal: MessageTypeDefinition<_bezique_v1_StackedDeal, _bezique_v1_StackedDeal__Output>
      StackedHand: MessageTypeDefinition<_bezique_v1_StackedHand, _bezique_v1_StackedHand__Output>
      Suit: EnumTypeDefinition
      TableCancelled: MessageTypeDefinition<_bezique_v1_TableCancelled, _bezique_v1_TableCancelled__Output>
      TableInfo: MessageTypeDefinition<_bezique_v1_TableInfo, _bezique_v1_TableInfo__Output>
      TableState: EnumTypeDefinition
      TabledCard: MessageTypeDefinition<_bezique_v1_TabledCard, _bezique_v1_TabledCard__Output>
      TeamMessage: MessageTypeDefinition<_bezique_v1_TeamMessage, _bezique_v1_TeamMessage__Output>
      TeamMessageRelayed: MessageTypeDefinition<_bezique_v1_TeamMessageRelayed, _bezique_v1_TeamMessageRelayed__Output>
      TeamPolicy: EnumTypeDefinition
      Trick: MessageTypeDefinition<_bezique_v1_Trick, _bezique_v1_Trick__Output>
      TrickWon: MessageTypeDefinition<_bezique_v1_TrickWon, _bezique_v1_TrickWon__Output>
      TrumpFixed: MessageTypeDefinition<_bezique_v1_TrumpFixed, _bezique_v1_TrumpFixed__Output>
      TurnUpSeven: MessageTypeDefinition<_bezique_v1_TurnUpSeven, _bezique_v1_TurnUpSeven__Output>
      Variant: EnumTypeDefinition
      View: MessageTypeDefinition<_bezique_v1_View, _bezique_v1_View__Output>
      ViewMode: EnumTypeDefinition
      Welcome: MessageTypeDefinition<_bezique_v1_Welcome, _bezique_v1_Welcome__Output>
      WindowEnded: MessageTypeDefinition<_bezique_v1_WindowEnded, _bezique_v1_WindowEnded__Output>
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

