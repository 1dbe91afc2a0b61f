from bezique.v1 import cards_pb2 as _cards_pb2
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from typing import ClassVar as _ClassVar, Mapping as _Mapping, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Action(_message.Message):
    __slots__ = ["carte_blanche", "end_window", "meld", "pass_meld", "play", "seven_declare", "seven_exchange"]
    CARTE_BLANCHE_FIELD_NUMBER: _ClassVar[int]
    END_WINDOW_FIELD_NUMBER: _ClassVar[int]
    MELD_FIELD_NUMBER: _ClassVar[int]
    PASS_MELD_FIELD_NUMBER: _ClassVar[int]
    PLAY_FIELD_NUMBER: _ClassVar[int]
    SEVEN_DECLARE_FIELD_NUMBER: _ClassVar[int]
    SEVEN_EXCHANGE_FIELD_NUMBER: _ClassVar[int]
    carte_blanche: CarteBlancheAction
    end_window: EndWindowAction
    meld: MeldAction
    pass_meld: PassMeldAction
    play: PlayAction
    seven_declare: SevenDeclareAction
    seven_exchange: SevenExchangeAction
    def __init__(self, play: _Optional[_Union[PlayAction, _Mapping]] = ..., meld: _Optional[_Union[MeldAction, _Mapping]] = ..., seven_exchange: _Optional[_Union[SevenExchangeAction, _Mapping]] = ..., seven_declare: _Optional[_Union[SevenDeclareAction, _Mapping]] = ..., pass_meld: _Optional[_Union[PassMeldAction, _Mapping]] = ..., end_window: _Optional[_Union[EndWindowAction, _Mapping]] = ..., carte_blanche: _Optional[_Union[CarteBlancheAction, _Mapping]] = ...) -> None: ...

class CarteBlancheAction(_message.Message):
    __slots__ = []
    def __init__(self) -> None: ...

class EndWindowAction(_message.Message):
    __slots__ = []
    def __init__(self) -> None: ...

class LegalAction(_message.Message):
    __slots__ = ["action", "action_id"]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    ACTION_ID_FIELD_NUMBER: _ClassVar[int]
    action: Action
    action_id: int
    def __init__(self, action_id: _Optional[int] = ..., action: _Optional[_Union[Action, _Mapping]] = ...) -> None: ...

class MeldAction(_message.Message):
    __slots__ = ["meld"]
    MELD_FIELD_NUMBER: _ClassVar[int]
    meld: _cards_pb2.Meld
    def __init__(self, meld: _Optional[_Union[_cards_pb2.Meld, _Mapping]] = ...) -> None: ...

class PassMeldAction(_message.Message):
    __slots__ = []
    def __init__(self) -> None: ...

class PlayAction(_message.Message):
    __slots__ = ["card", "from_table"]
    CARD_FIELD_NUMBER: _ClassVar[int]
    FROM_TABLE_FIELD_NUMBER: _ClassVar[int]
    card: _cards_pb2.Card
    from_table: bool
    def __init__(self, card: _Optional[_Union[_cards_pb2.Card, _Mapping]] = ..., from_table: bool = ...) -> None: ...

class SevenDeclareAction(_message.Message):
    __slots__ = ["seven"]
    SEVEN_FIELD_NUMBER: _ClassVar[int]
    seven: _cards_pb2.Card
    def __init__(self, seven: _Optional[_Union[_cards_pb2.Card, _Mapping]] = ...) -> None: ...

class SevenExchangeAction(_message.Message):
    __slots__ = ["seven", "taken"]
    SEVEN_FIELD_NUMBER: _ClassVar[int]
    TAKEN_FIELD_NUMBER: _ClassVar[int]
    seven: _cards_pb2.Card
    taken: _cards_pb2.Card
    def __init__(self, seven: _Optional[_Union[_cards_pb2.Card, _Mapping]] = ..., taken: _Optional[_Union[_cards_pb2.Card, _Mapping]] = ...) -> None: ...
