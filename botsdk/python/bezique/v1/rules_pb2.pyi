from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from typing import ClassVar as _ClassVar, Iterable as _Iterable, Mapping as _Mapping, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor
RULE_OPTION_TYPE_BOOL: RuleOptionType
RULE_OPTION_TYPE_ENUM: RuleOptionType
RULE_OPTION_TYPE_INT: RuleOptionType
RULE_OPTION_TYPE_INT_LIST: RuleOptionType
RULE_OPTION_TYPE_UNSPECIFIED: RuleOptionType
VARIANT_FOUR_HANDED: Variant
VARIANT_FOUR_HANDED_INDIVIDUAL: Variant
VARIANT_RUBICON: Variant
VARIANT_SIX_PACK: Variant
VARIANT_THREE_HANDED: Variant
VARIANT_TWO_HANDED: Variant
VARIANT_UNSPECIFIED: Variant

class RuleOption(_message.Message):
    __slots__ = ["defaults", "doc", "examples", "max", "min", "name", "section", "supported", "type", "unsupported_reason", "values", "variants"]
    DEFAULTS_FIELD_NUMBER: _ClassVar[int]
    DOC_FIELD_NUMBER: _ClassVar[int]
    EXAMPLES_FIELD_NUMBER: _ClassVar[int]
    MAX_FIELD_NUMBER: _ClassVar[int]
    MIN_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    SECTION_FIELD_NUMBER: _ClassVar[int]
    SUPPORTED_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    UNSUPPORTED_REASON_FIELD_NUMBER: _ClassVar[int]
    VALUES_FIELD_NUMBER: _ClassVar[int]
    VARIANTS_FIELD_NUMBER: _ClassVar[int]
    defaults: _containers.RepeatedCompositeFieldContainer[RuleOptionDefault]
    doc: str
    examples: _containers.RepeatedScalarFieldContainer[str]
    max: int
    min: int
    name: str
    section: str
    supported: bool
    type: RuleOptionType
    unsupported_reason: str
    values: _containers.RepeatedScalarFieldContainer[str]
    variants: _containers.RepeatedScalarFieldContainer[Variant]
    def __init__(self, name: _Optional[str] = ..., type: _Optional[_Union[RuleOptionType, str]] = ..., values: _Optional[_Iterable[str]] = ..., min: _Optional[int] = ..., max: _Optional[int] = ..., examples: _Optional[_Iterable[str]] = ..., defaults: _Optional[_Iterable[_Union[RuleOptionDefault, _Mapping]]] = ..., variants: _Optional[_Iterable[_Union[Variant, str]]] = ..., doc: _Optional[str] = ..., section: _Optional[str] = ..., supported: bool = ..., unsupported_reason: _Optional[str] = ...) -> None: ...

class RuleOptionDefault(_message.Message):
    __slots__ = ["value", "variant"]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    VARIANT_FIELD_NUMBER: _ClassVar[int]
    value: str
    variant: Variant
    def __init__(self, variant: _Optional[_Union[Variant, str]] = ..., value: _Optional[str] = ...) -> None: ...

class Rules(_message.Message):
    __slots__ = ["effective_options", "options", "seat_count", "side_count", "variant"]
    class EffectiveOptionsEntry(_message.Message):
        __slots__ = ["key", "value"]
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    class OptionsEntry(_message.Message):
        __slots__ = ["key", "value"]
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    EFFECTIVE_OPTIONS_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    SEAT_COUNT_FIELD_NUMBER: _ClassVar[int]
    SIDE_COUNT_FIELD_NUMBER: _ClassVar[int]
    VARIANT_FIELD_NUMBER: _ClassVar[int]
    effective_options: _containers.ScalarMap[str, str]
    options: _containers.ScalarMap[str, str]
    seat_count: int
    side_count: int
    variant: Variant
    def __init__(self, variant: _Optional[_Union[Variant, str]] = ..., options: _Optional[_Mapping[str, str]] = ..., effective_options: _Optional[_Mapping[str, str]] = ..., seat_count: _Optional[int] = ..., side_count: _Optional[int] = ...) -> None: ...

class Variant(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = []

class RuleOptionType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = []
