"""retry_delay: how long a refusal asks the client to wait, from its google.rpc.RetryInfo detail.

The referee refuses a call over a rate limit with RESOURCE_EXHAUSTED and the details of
google.rpc's error model (docs/SECURITY.md): a QuotaFailure and a RetryInfo. gRPC carries them
in the ``grpc-status-details-bin`` trailer as a serialized google.rpc.Status. grpcio-status and
googleapis-common-protos, which parse it, are not Debian packages, so this module declares the
two messages it reads (google.rpc.Status and google.rpc.RetryInfo, field numbers as in
google/rpc/status.proto and error_details.proto) in a private descriptor pool and lets the
protobuf runtime parse them."""

from __future__ import annotations

from typing import Optional, Sequence, Tuple, Union

from google.protobuf import any_pb2, descriptor_pb2, descriptor_pool, duration_pb2, message_factory

#: DETAILS_KEY is the trailer that carries the serialized google.rpc.Status.
DETAILS_KEY = "grpc-status-details-bin"

_F = descriptor_pb2.FieldDescriptorProto


def _classes():
    pool = descriptor_pool.DescriptorPool()
    pool.AddSerializedFile(any_pb2.DESCRIPTOR.serialized_pb)
    pool.AddSerializedFile(duration_pb2.DESCRIPTOR.serialized_pb)
    f = descriptor_pb2.FileDescriptorProto(name="bezique_bot/google_rpc.proto", package="google.rpc", syntax="proto3",
                                           dependency=["google/protobuf/any.proto", "google/protobuf/duration.proto"])
    st = f.message_type.add(name="Status")
    st.field.add(name="code", number=1, type=_F.TYPE_INT32, label=_F.LABEL_OPTIONAL)
    st.field.add(name="message", number=2, type=_F.TYPE_STRING, label=_F.LABEL_OPTIONAL)
    st.field.add(name="details", number=3, type=_F.TYPE_MESSAGE, label=_F.LABEL_REPEATED,
                 type_name=".google.protobuf.Any")
    ri = f.message_type.add(name="RetryInfo")
    ri.field.add(name="retry_delay", number=1, type=_F.TYPE_MESSAGE, label=_F.LABEL_OPTIONAL,
                 type_name=".google.protobuf.Duration")
    pool.Add(f)
    get = getattr(message_factory, "GetMessageClass", None)  # protobuf >= 4.21; Debian 12 has 3.21
    if get is None:
        get = message_factory.MessageFactory(pool).GetPrototype
    return get(pool.FindMessageTypeByName("google.rpc.Status")), get(pool.FindMessageTypeByName("google.rpc.RetryInfo"))


Status, RetryInfo = _classes()

_RETRY_INFO_URL = "type.googleapis.com/google.rpc.RetryInfo"


def retry_delay_from_details(details: Optional[bytes]) -> float:
    """retry_delay_from_details returns the RetryInfo delay, in seconds, of a serialized
    google.rpc.Status (the ``grpc-status-details-bin`` trailer's value), or 0.0 when it has none."""
    if not details:
        return 0.0
    st = Status.FromString(details)
    for d in st.details:
        if d.type_url == _RETRY_INFO_URL:
            ri = RetryInfo.FromString(d.value)
            return max(ri.retry_delay.seconds + ri.retry_delay.nanos / 1e9, 0.0)
    return 0.0


def retry_delay(trailing_metadata: Optional[Sequence[Tuple[str, Union[str, bytes]]]]) -> float:
    """retry_delay returns the RetryInfo delay, in seconds, that a call's trailing metadata
    (``grpc.RpcError.trailing_metadata()``) carries, or 0.0 when it carries none."""
    for key, value in trailing_metadata or ():
        if key == DETAILS_KEY and isinstance(value, bytes):  # a -bin key's value is bytes
            return retry_delay_from_details(value)
    return 0.0
