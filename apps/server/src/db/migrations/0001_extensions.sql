-- Trigram matching for partial-word search (names, titles) in every language, Devanagari included.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
