-- 00008_record_bytes.sql (PostgreSQL): a game record is stored as bytes. The referee writes a
-- record in the protobuf wire format since 2026-12-01 (it wrote protojson text before, and still
-- reads it: service/record.go, unmarshalRecord), which TEXT cannot hold. The records written
-- before keep their text, as its UTF-8 bytes. sqlite/00008_record_bytes.sql is its SQLite half.

-- +goose Up
ALTER TABLE records ALTER COLUMN record TYPE BYTEA USING convert_to(record, 'UTF8');

-- +goose Down
-- Only records written as text (protojson) convert back; a wire-format record makes this fail.
ALTER TABLE records ALTER COLUMN record TYPE TEXT USING convert_from(record, 'UTF8');
