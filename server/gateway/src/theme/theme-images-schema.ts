/** Uploaded theme images (logos, favicon, login background), per tenant key ('*' = default tenant). */
export const THEME_IMAGES_SCHEMA = `
CREATE TABLE IF NOT EXISTS rastro_theme_images (
  domain text NOT NULL,
  slot text NOT NULL,
  content_type text NOT NULL,
  bytes bytea NOT NULL,
  hash text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (domain, slot)
);
`;
