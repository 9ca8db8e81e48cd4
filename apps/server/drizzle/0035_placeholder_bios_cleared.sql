-- The spec's sign-up placeholder is not a bio (decision 039): a member who never wrote one has none.
UPDATE "profiles" SET "bio" = NULL WHERE "bio" = 'New user exploring the platform';
