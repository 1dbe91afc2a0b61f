from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from typing import ClassVar as _ClassVar, Mapping as _Mapping, Optional as _Optional, Union as _Union

AUDIT_ACTION_KEY_CREATED: AuditAction
AUDIT_ACTION_KEY_REVOKED: AuditAction
AUDIT_ACTION_TABLE_CANCELLED: AuditAction
AUDIT_ACTION_TABLE_CREATED: AuditAction
AUDIT_ACTION_TOURNAMENT_CANCELLED: AuditAction
AUDIT_ACTION_TOURNAMENT_CREATED: AuditAction
AUDIT_ACTION_UNSPECIFIED: AuditAction
DESCRIPTOR: _descriptor.FileDescriptor
ROLE_ADMIN: Role
ROLE_BOT: Role
ROLE_ORGANISER: Role
ROLE_UNSPECIFIED: Role
ROLE_WATCHER: Role

class ApiKey(_message.Message):
    __slots__ = ["create_time", "creator", "key_id", "name", "owner", "revoke_time", "role"]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    CREATOR_FIELD_NUMBER: _ClassVar[int]
    KEY_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    OWNER_FIELD_NUMBER: _ClassVar[int]
    REVOKE_TIME_FIELD_NUMBER: _ClassVar[int]
    ROLE_FIELD_NUMBER: _ClassVar[int]
    create_time: _timestamp_pb2.Timestamp
    creator: str
    key_id: str
    name: str
    owner: str
    revoke_time: _timestamp_pb2.Timestamp
    role: Role
    def __init__(self, key_id: _Optional[str] = ..., name: _Optional[str] = ..., role: _Optional[_Union[Role, str]] = ..., owner: _Optional[str] = ..., create_time: _Optional[_Union[_timestamp_pb2.Timestamp, _Mapping]] = ..., creator: _Optional[str] = ..., revoke_time: _Optional[_Union[_timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class AuditEvent(_message.Message):
    __slots__ = ["action", "detail", "principal", "target", "time"]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    DETAIL_FIELD_NUMBER: _ClassVar[int]
    PRINCIPAL_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    TIME_FIELD_NUMBER: _ClassVar[int]
    action: AuditAction
    detail: str
    principal: str
    target: str
    time: _timestamp_pb2.Timestamp
    def __init__(self, time: _Optional[_Union[_timestamp_pb2.Timestamp, _Mapping]] = ..., principal: _Optional[str] = ..., action: _Optional[_Union[AuditAction, str]] = ..., target: _Optional[str] = ..., detail: _Optional[str] = ...) -> None: ...

class Role(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = []

class AuditAction(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = []
