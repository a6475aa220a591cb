-- Exclusion constraints on resource bookings (range overlap with equality on the resource) need btree_gist.
CREATE EXTENSION IF NOT EXISTS btree_gist;
