from bezique.v1 import key_pb2 as _key_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from typing import ClassVar as _ClassVar, Iterable as _Iterable, Mapping as _Mapping, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class CreateKeyRequest(_message.Message):
    __slots__ = ["name", "owner", "role"]
    NAME_FIELD_NUMBER: _ClassVar[int]
    OWNER_FIELD_NUMBER: _ClassVar[int]
    ROLE_FIELD_NUMBER: _ClassVar[int]
    name: str
    owner: str
    role: _key_pb2.Role
    def __init__(self, name: _Optional[str] = ..., role: _Optional[_Union[_key_pb2.Role, str]] = ..., owner: _Optional[str] = ...) -> None: ...

class CreateKeyResponse(_message.Message):
    __slots__ = ["key", "secret"]
    KEY_FIELD_NUMBER: _ClassVar[int]
    SECRET_FIELD_NUMBER: _ClassVar[int]
    key: _key_pb2.ApiKey
    secret: str
    def __init__(self, key: _Optional[_Union[_key_pb2.ApiKey, _Mapping]] = ..., secret: _Optional[str] = ...) -> None: ...

class ListAuditEventsRequest(_message.Message):
    __slots__ = ["page_size", "page_token"]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    page_size: int
    page_token: str
    def __init__(self, page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class ListAuditEventsResponse(_message.Message):
    __slots__ = ["events", "next_page_token"]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    events: _containers.RepeatedCompositeFieldContainer[_key_pb2.AuditEvent]
    next_page_token: str
    def __init__(self, events: _Optional[_Iterable[_Union[_key_pb2.AuditEvent, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class ListKeysRequest(_message.Message):
    __slots__ = []
    def __init__(self) -> None: ...

class ListKeysResponse(_message.Message):
    __slots__ = ["keys"]
    KEYS_FIELD_NUMBER: _ClassVar[int]
    keys: _containers.RepeatedCompositeFieldContainer[_key_pb2.ApiKey]
    def __init__(self, keys: _Optional[_Iterable[_Union[_key_pb2.ApiKey, _Mapping]]] = ...) -> None: ...

class RevokeKeyRequest(_message.Message):
    __slots__ = ["key_id"]
    KEY_ID_FIELD_NUMBER: _ClassVar[int]
    key_id: str
    def __init__(self, key_id: _Optional[str] = ...) -> None: ...

class RevokeKeyResponse(_message.Message):
    __slots__ = ["key"]
    KEY_FIELD_NUMBER: _ClassVar[int]
    key: _key_pb2.ApiKey
    def __init__(self, key: _Optional[_Union[_key_pb2.ApiKey, _Mapping]] = ...) -> None: ...
