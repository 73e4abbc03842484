-- Identity and access: one-time tokens, MFA, trusted browsers, rate limits, welcome mails.
-- Every secret (token, code, session id) is stored only as a SHA-256 hash.

alter table app_user add column totp_last_step bigint;

-- Reset (1 hour), welcome (24 hours) and e-mail change tokens: single use, expiring.
create table user_token (
  id_hash text primary key,
  user_id text not null references app_user(id) on delete cascade,
  purpose text not null check (purpose in ('reset', 'welcome', 'email_change')),
  new_email text,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index user_token_user_idx on user_token (user_id, purpose);

-- The second step of one sign-in (or a forced enrolment, or an enrolment from the profile):
-- bound to the session that asked for it, void after 5 wrong codes or 30 minutes.
create table mfa_challenge (
  token_hash text primary key,
  user_id text not null references app_user(id) on delete cascade,
  session_hash text references session(id_hash) on delete cascade,
  kind text not null check (kind in ('login', 'setup', 'enrol')),
  mfa_type text check (mfa_type in ('email', 'google')),
  code_hash text,
  pending_secret text,
  attempts integer not null default 0,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index mfa_challenge_user_idx on mfa_challenge (user_id);

create table mfa_recovery_code (
  user_id text not null references app_user(id) on delete cascade,
  code_hash text not null,
  used_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (user_id, code_hash)
);

-- "Remember me": a browser that passed the second step skips it for 30 days.
create table trusted_browser (
  id_hash text primary key,
  user_id text not null references app_user(id) on delete cascade,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index trusted_browser_user_idx on trusted_browser (user_id);

-- Fixed-window counters per key (e.g. `login:<ip>`), shared by every api process.
create table rate_limit (
  key text primary key,
  window_start timestamptz not null,
  count integer not null
);

create table welcome_mail (
  id text primary key,
  name text not null,
  content text not null,
  is_default boolean not null default false,
  psp_default boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- At most one default for merchant users and one for provider users.
create unique index welcome_mail_default_idx on welcome_mail ((true)) where is_default;
create unique index welcome_mail_psp_default_idx on welcome_mail ((true)) where psp_default;

insert into welcome_mail (id, name, content, is_default, psp_default) values
('wm_default', 'Standaard welkomstmail / Default welcome mail',
'<p>Beste {{name}},</p>
<p>Er is een account voor je aangemaakt in Kassa, het back office van je betalingen. Kies via de knop hieronder je wachtwoord. De link verloopt over 24 uur.</p>
<p><a href="{{link}}">Wachtwoord instellen</a></p>
<hr />
<p>Dear {{name}},</p>
<p>An account has been created for you in Kassa, the back office of your payments. Choose your password with the button below. The link expires in 24 hours.</p>
<p><a href="{{link}}">Set password</a></p>', true, false),
('wm_psp_default', 'Welkomstmail medewerkers / Staff welcome mail',
'<p>Beste {{name}},</p>
<p>Welkom bij het team. Er is een medewerkersaccount voor je aangemaakt in Kassa. Kies via de knop hieronder je wachtwoord. De link verloopt over 24 uur.</p>
<p><a href="{{link}}">Wachtwoord instellen</a></p>
<hr />
<p>Dear {{name}},</p>
<p>Welcome to the team. A staff account has been created for you in Kassa. Choose your password with the button below. The link expires in 24 hours.</p>
<p><a href="{{link}}">Set password</a></p>', false, true);
