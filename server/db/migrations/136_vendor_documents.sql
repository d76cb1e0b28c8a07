-- A vendor's legal documents (commercial register, tax card, liability insurance,
-- activity licence): one current document of each kind, its number, dates and scanned
-- file (a media of the vendor), and who checked it. Staff are alerted 30 days before one
-- expires: the home action queue and the vendor page read the expiry index below.
CREATE TABLE vendor_documents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  vendor_id uuid NOT NULL REFERENCES vendors (id) ON DELETE RESTRICT,
  kind text NOT NULL CHECK (kind IN ('commercial_register', 'tax_card', 'liability_insurance', 'activity_licence')),
  number text CHECK (length(number) <= 60),
  issued_on date,
  expires_on date CHECK (issued_on IS NULL OR expires_on IS NULL OR expires_on > issued_on),
  media_id uuid REFERENCES media (id) ON DELETE SET NULL,
  verified boolean NOT NULL DEFAULT false,
  verified_by uuid REFERENCES users (id) ON DELETE SET NULL,
  verified_at timestamptz,
  notes text CHECK (length(notes) <= 1000),
  -- A renewal replaces the document of its kind (its history is in the audit log).
  CONSTRAINT vendor_documents_vendor_kind_key UNIQUE (vendor_id, kind)
);
CREATE INDEX vendor_documents_expires_on_idx ON vendor_documents (expires_on) WHERE expires_on IS NOT NULL;

-- Vendors listed by wilaya and status together (the list's two filters).
CREATE INDEX vendors_wilaya_status_idx ON vendors (wilaya_code, status);
