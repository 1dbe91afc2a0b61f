-- 00008_record_bytes.sql (SQLite): a game record is stored as bytes. The referee writes a record in
-- the protobuf wire format since 2026-12-01 (it wrote protojson text before, and still reads it:
-- service/record.go, unmarshalRecord). SQLite keeps a BLOB as it is in a column of TEXT affinity,
-- so records' type does not change here and the records written before keep their text; this
-- version exists because postgres/00008_record_bytes.sql changes PostgreSQL's column (a version
-- lives in both dialect folders or in common/).

-- +goose Up
SELECT 1;

-- +goose Down
SELECT 1;
