-- Four eyes on people, keys and credentials (issue 35, second part).

-- A request whose body holds secrets (processor credentials) keeps the body as sent only sealed
-- (`kse1:…`, KASSA_SECRET_KEY); `body`, `before` and `diff` hold the secret values masked.
alter table change_request add column sealed text;

-- A key made under the policy exists and was shown once, but works only once its request is
-- approved: while this names a request the key is refused like a revoked one.
alter table api_key add column pending_change_request text;
