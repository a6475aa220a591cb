-- Text search as people type (decision 050): every searchable text is also kept, per language, in its
-- search form (no HTML, accents or capitals) by stored generated columns, with a trigram index on each.
-- pg_trgm and unaccent ship with PostgreSQL (contrib) and are trusted extensions; PGlite loads both.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- unaccent() itself is only stable (its rules file could change); naming the dictionary makes the
-- result depend on the input alone, which a generated column and an index need. Every name is
-- qualified, so the function answers the same whatever search_path a session or a restore has.
CREATE OR REPLACE FUNCTION public.search_text(input text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT pg_catalog.lower(public.unaccent('public.unaccent'::regdictionary, input)) $$;--> statement-breakpoint
-- The search form of CMS HTML: tags are not text, entities stand for their character.
CREATE OR REPLACE FUNCTION public.search_text_of_html(input text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT public.search_text(
    pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(
      pg_catalog.regexp_replace(input, '<[^>]*>', ' ', 'g'),
      '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&')) $$;--> statement-breakpoint
-- Pick list options in both languages (decision 052): the options written so far serve both.
ALTER TABLE "custom_fields" ALTER COLUMN "pick_list_values" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "custom_fields" ALTER COLUMN "pick_list_values" SET DATA TYPE jsonb
  USING jsonb_build_object('es-ES', "pick_list_values", 'en-US', "pick_list_values");--> statement-breakpoint
ALTER TABLE "custom_fields" ALTER COLUMN "pick_list_values" SET DEFAULT '{"es-ES":"","en-US":""}'::jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_name_es" text GENERATED ALWAYS AS (public.search_text(name ->> 'es-ES'::text)) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_name_en" text GENERATED ALWAYS AS (public.search_text(name ->> 'en-US'::text)) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_description_es" text GENERATED ALWAYS AS (public.search_text(description ->> 'es-ES'::text)) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_description_en" text GENERATED ALWAYS AS (public.search_text(description ->> 'en-US'::text)) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_detail_es" text GENERATED ALWAYS AS (public.search_text_of_html(detail ->> 'es-ES'::text)) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_detail_en" text GENERATED ALWAYS AS (public.search_text_of_html(detail ->> 'en-US'::text)) STORED;--> statement-breakpoint
ALTER TABLE "text_blocks" ADD COLUMN "search_title_es" text GENERATED ALWAYS AS (public.search_text(title ->> 'es-ES'::text)) STORED;--> statement-breakpoint
ALTER TABLE "text_blocks" ADD COLUMN "search_title_en" text GENERATED ALWAYS AS (public.search_text(title ->> 'en-US'::text)) STORED;--> statement-breakpoint
ALTER TABLE "text_blocks" ADD COLUMN "search_text_es" text GENERATED ALWAYS AS (public.search_text_of_html(text ->> 'es-ES'::text)) STORED;--> statement-breakpoint
ALTER TABLE "text_blocks" ADD COLUMN "search_text_en" text GENERATED ALWAYS AS (public.search_text_of_html(text ->> 'en-US'::text)) STORED;--> statement-breakpoint
ALTER TABLE "text_blocks" ADD COLUMN "search_smal_text_es" text GENERATED ALWAYS AS (public.search_text_of_html(smal_text ->> 'es-ES'::text)) STORED;--> statement-breakpoint
ALTER TABLE "text_blocks" ADD COLUMN "search_smal_text_en" text GENERATED ALWAYS AS (public.search_text_of_html(smal_text ->> 'en-US'::text)) STORED;--> statement-breakpoint
CREATE INDEX "products_search_name_es_trgm_idx" ON "products" USING gin ("search_name_es" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "products_search_name_en_trgm_idx" ON "products" USING gin ("search_name_en" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "products_search_description_es_trgm_idx" ON "products" USING gin ("search_description_es" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "products_search_description_en_trgm_idx" ON "products" USING gin ("search_description_en" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "products_search_detail_es_trgm_idx" ON "products" USING gin ("search_detail_es" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "products_search_detail_en_trgm_idx" ON "products" USING gin ("search_detail_en" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "text_blocks_search_title_es_trgm_idx" ON "text_blocks" USING gin ("search_title_es" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "text_blocks_search_title_en_trgm_idx" ON "text_blocks" USING gin ("search_title_en" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "text_blocks_search_text_es_trgm_idx" ON "text_blocks" USING gin ("search_text_es" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "text_blocks_search_text_en_trgm_idx" ON "text_blocks" USING gin ("search_text_en" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "text_blocks_search_smal_text_es_trgm_idx" ON "text_blocks" USING gin ("search_smal_text_es" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "text_blocks_search_smal_text_en_trgm_idx" ON "text_blocks" USING gin ("search_smal_text_en" gin_trgm_ops) WITH (fastupdate=false);
