/**
 * The translation keys the web app builds at run time (template literals), for the key check in
 * scripts/locale-key-usage.mjs (`npm run check:locales`).
 *
 * A template such as t(`subcities.${s}`) in a component whose useTexts names 'listings'
 * has the pattern 'subcities.*'; it is accepted only when a pattern below matches it, written
 * with its namespace ('listings:subcities.*'). Each pattern says where its values come from:
 *  - `values` from packages/contracts (the API's own lists, read from the TypeScript source):
 *    every value gives a key that must exist in English and Amharic (`common:errors.*` has one
 *    key per API error code, and so on);
 *  - `values: null` when the values are a small list inside the component itself: then the
 *    group of keys before the `*` must at least exist, non-empty, in both languages.
 * `expressions` lists the few calls whose key is neither a literal nor a template (t(variable)),
 * with where their keys come from; the check finds those keys as strings in the same file when
 * they are written there ('a key handed to t elsewhere').
 *
 * To add a dynamic key: write the template in the component, then a line here; a listed pattern
 * that no code uses any more is reported too.
 */
import { tsImport } from 'tsx/esm/api';

const contracts = (file) => tsImport(`../packages/contracts/src/${file}.ts`, import.meta.url);

export async function dynamicKeys() {
  const c = await contracts('constants');
  const admin = await contracts('admin');
  const errors = await contracts('errors');
  const refunds = await contracts('refunds');
  const wallet = await contracts('wallet');
  const account = await contracts('account');
  const enumOf = (schema, field) => schema.shape[field].options;
  const errorCodes = Object.keys(errors.ERROR_STATUS);
  const local = null;

  const patterns = [
    // API error codes, translated on the client (lib/error-text.ts and the features' helpers).
    { pattern: 'common:errors.*', values: errorCodes, from: 'ERROR_STATUS (contracts/errors.ts)' },
    {
      pattern: 'admin:purchases.status.*',
      values: ['pending', 'paid', 'failed', 'cancelled', 'expired', 'mismatch'],
      from: 'PURCHASE_STATUSES (contracts/payments.ts)',
    },
    { pattern: 'admin:purchases.columns.*', values: null, from: "purchases-list.tsx's own column names" },
    { pattern: 'admin:purchases.providers.*', values: null, from: "purchases-list.tsx's PROVIDERS (the gateways a purchase goes through)" },
    { pattern: 'auth:telegram.failures.*', values: null, from: "telegram-return.ts's FAILURES (why a Telegram sign-in came back without one)" },
    {
      pattern: 'wallet:return.unpaid.*',
      values: ['failed', 'cancelled', 'expired', 'mismatch'],
      from: 'the unpaid states of PURCHASE_STATUSES (contracts/payments.ts)',
    },
    { pattern: 'admin:errors.*', values: local, from: "the admin screen's own words for some codes, else common:errors (defaultValue '')" },
    // Refunds of dead contacts.
    { pattern: 'refunds:reasons.*', values: refunds.REFUND_REASONS, from: 'REFUND_REASONS (contracts/refunds.ts)' },
    { pattern: 'refunds:status.*', values: refunds.REFUND_STATUSES, from: 'REFUND_STATUSES (contracts/refunds.ts)' },
    { pattern: 'refunds:causes.*', values: refunds.REFUND_CAUSES, from: 'REFUND_CAUSES (contracts/refunds.ts)' },
    { pattern: 'refunds:history.kinds.*', values: [...wallet.LEDGER_KINDS, 'other'], from: "LEDGER_KINDS (contracts/wallet.ts) and 'other'" },
    // Places and home types.
    { pattern: 'listings:subcities.*', values: c.SUBCITIES, from: 'SUBCITIES (contracts/constants.ts)' },
    // Generated listing titles (lib/listing-title.ts): the type word of titleTypeKey, and the subcity.
    {
      pattern: 'common:listingTitle.types.*',
      values: c.PROPERTY_TYPES_OFFERED,
      from: 'titleTypeKey (contracts/listing-title.ts): one of PROPERTY_TYPES_OFFERED',
    },
    { pattern: 'common:listingTitle.subcities.*', values: c.SUBCITIES, from: 'SUBCITIES' },
    { pattern: 'landlord:subcities.*', values: c.SUBCITIES, from: 'SUBCITIES' },
    { pattern: 'wallet:unlocks.subcities.*', values: c.SUBCITIES, from: 'SUBCITIES' },
    {
      pattern: 'listings:types.*',
      values: c.PROPERTY_TYPES_OFFERED,
      from: "PROPERTY_TYPES_OFFERED (stored 'condo' is shown as condominium: listing-display.ts typeKey)",
    },
    { pattern: 'landlord:types.*', values: c.PROPERTY_TYPES_OFFERED, from: 'PROPERTY_TYPES_OFFERED' },
    {
      pattern: 'alerts:name.types.*',
      values: c.PROPERTY_TYPES_OFFERED,
      from: 'PROPERTY_TYPES_OFFERED (the saved search name, saved-searches/lib/search-name.ts)',
    },
    {
      pattern: 'extras:fairPrice.types.*',
      values: c.PROPERTY_TYPES_OFFERED,
      from: "PROPERTY_TYPES_OFFERED (stored 'condo' is said as condominium: fair-price-line.tsx)",
    },
    { pattern: 'wallet:unlocks.types.*', values: c.LISTING_TYPES, from: 'LISTING_TYPES' },
    { pattern: 'listings:filters.sourceOnly.*', values: c.LISTING_SOURCES, from: 'LISTING_SOURCES' },
    { pattern: 'listings:report.reasons.*', values: c.REPORT_REASONS, from: 'REPORT_REASONS' },
    { pattern: 'chat:report.reasons.*', values: c.REPORT_REASONS, from: 'REPORT_REASONS' },
    // Accounts, plans and payments.
    { pattern: 'auth:roles.*', values: c.USER_TYPES, from: 'USER_TYPES' },
    { pattern: 'common:plans.names.*', values: c.SKUS, from: 'SKUS (the one name of each plan: lib/plan-names.ts)' },
    { pattern: 'auth:plans.*.text', values: c.SKUS.filter((s) => c.SKU_CATALOG[s].audience === 'tenant'), from: 'SKUS for tenants (the plan step)' },
    { pattern: 'wallet:tip.*', values: c.USER_TYPES, from: 'USER_TYPES' },
    { pattern: 'wallet:features.*', values: local, from: 'featuresOf in wallet-cards.ts (plural keys)' },
    { pattern: 'wallet:payment.*', values: local, from: 'METHODS in payment-methods.tsx' },
    { pattern: 'delala:plans.*.per', values: ['single', 'unlimited'], from: 'PLAN_KEYS' },
    { pattern: 'delala:plans.*.features', values: ['single', 'unlimited'], from: 'PLAN_KEYS (a list: returnObjects)', returnObjects: true },
    { pattern: 'delala:features.*.title', values: local, from: 'FEATURES in delala-welcome-page.tsx' },
    { pattern: 'delala:features.*.text', values: local, from: 'FEATURES in delala-welcome-page.tsx' },
    // Listings screens.
    { pattern: 'listings:contact.title.*', values: ['owner', 'broker'], from: 'the poster kind in contact-panel.tsx' },
    { pattern: 'listings:contact.messageLabel.*', values: ['owner', 'broker'], from: 'the poster kind in contact-panel.tsx' },
    { pattern: 'listings:contact.messagesOnly.*', values: ['owner', 'broker'], from: 'PosterKind (listings/lib/poster-kind.ts)' },
    { pattern: 'listings:contact.firstFree.*', values: ['owner', 'broker'], from: 'PosterKind (listings/lib/poster-kind.ts)' },
    { pattern: 'listings:mine.notices.*', values: ['markedRented', 'deleted'], from: 'MyListingsNotice (listings/lib/notices.ts)' },
    { pattern: 'listings:safety.tips.*.title', values: local, from: 'listings/lib/safety-tips.ts' },
    { pattern: 'listings:safety.tips.*.text', values: local, from: 'listings/lib/safety-tips.ts' },
    { pattern: 'tenant:benefits.*.title', values: local, from: 'BENEFITS in tenant-welcome-page.tsx' },
    { pattern: 'tenant:benefits.*.text', values: local, from: 'BENEFITS in tenant-welcome-page.tsx' },
    // Posting.
    { pattern: 'landlord:wizard.contact.*.title', values: c.CONTACT_PREFERENCES, from: 'CONTACT_PREFERENCES' },
    { pattern: 'landlord:wizard.contact.*.text', values: c.CONTACT_PREFERENCES, from: 'CONTACT_PREFERENCES' },
    { pattern: 'landlord:photos.rejected.*', values: local, from: 'PhotoRejection (posting/lib/photo-selection.ts)' },
    {
      pattern: 'landlord:flow.*',
      values: ['verify', 'draft', 'attach', 'publish'],
      from: "PublishStage (posting/lib/publish-error.ts) but 'upload', which has its own count text",
    },
    { pattern: 'landlord:flow.label.*', values: ['verify', 'draft', 'upload', 'attach', 'publish'], from: 'PublishStage' },
    {
      pattern: 'landlord:validation.*',
      values: local,
      from: "the wizard's texts of the contract's messages (posting/lib/listing-message.ts: LISTING_MESSAGES keys, signup codes, 'photosRequired')",
    },
    { pattern: 'landlord:steps.*', values: ['property', 'pricing', 'photos', 'contact', 'publish', 'verifyPublish'], from: 'STEP_KEYS in property-wizard.tsx' },
    { pattern: 'landlord:draft.errors.*', values: local, from: 'the keys of LISTING_MESSAGES (posting/lib/listing-message.ts)' },
    { pattern: 'auth:validation.*', values: local, from: 'the bare zod messages of contracts/auth.ts (auth/lib/field-error.ts)' },
    { pattern: 'auth:*', values: local, from: "full keys the auth pages set as form messages ('errors.invalid_code'), found in their files as keys" },
    // Admin.
    {
      pattern: 'admin:*',
      values: [
        'adjust.errors.phoneRequired',
        'adjust.errors.amountMin',
        'adjust.errors.amountMax',
        'adjust.errors.reasonRequired',
        'adjust.errors.brokerTargetOnly',
      ],
      from: 'MESSAGE_KEYS in admin/lib/adjustment-form.ts',
    },
    { pattern: 'admin:tabs.*', values: ['moderation', 'duplicates', 'payments', 'metrics', 'requests'], from: 'the tab list in admin-page.tsx' },
    // Export and deletion requests (the admin log).
    { pattern: 'account:admin.kinds.*', values: account.ACCOUNT_REQUEST_KINDS, from: 'ACCOUNT_REQUEST_KINDS (contracts/account.ts)' },
    { pattern: 'account:admin.statuses.*', values: account.ACCOUNT_REQUEST_STATUSES, from: 'ACCOUNT_REQUEST_STATUSES (contracts/account.ts)' },
    { pattern: 'account:admin.vias.*', values: account.ACCOUNT_REQUEST_VIAS, from: 'ACCOUNT_REQUEST_VIAS (contracts/account.ts)' },
    { pattern: 'admin:targetTypes.*', values: admin.CASE_TARGET_TYPES, from: 'CASE_TARGET_TYPES' },
    { pattern: 'admin:actions.*', values: c.MODERATION_ACTIONS, from: 'MODERATION_ACTIONS' },
    { pattern: 'admin:pastActions.*', values: c.MODERATION_ACTIONS, from: 'MODERATION_ACTIONS' },
    { pattern: 'admin:moderation.confirm.*', values: ['suspend', 'ban'], from: 'the actions case-card.tsx confirms' },
    { pattern: 'admin:moderation.*', values: admin.CASE_STATUSES, from: 'CASE_STATUSES (the status filter)' },
    { pattern: 'admin:moderation.statusBadge.*', values: admin.CASE_STATUSES, from: 'CASE_STATUSES' },
    { pattern: 'admin:moderation.reportReasons.*', values: c.REPORT_REASONS, from: 'REPORT_REASONS' },
    { pattern: 'admin:moderation.auto.*', values: admin.AUTO_ACTION_TYPES, from: 'AUTO_ACTION_TYPES' },
    { pattern: 'admin:moderation.autoReasons.*', values: admin.AUTO_ACTION_REASONS, from: 'AUTO_ACTION_REASONS' },
    { pattern: 'admin:moderation.sources.*', values: c.LISTING_SOURCES, from: 'LISTING_SOURCES' },
    { pattern: 'admin:moderation.userStatus.*', values: enumOf(admin.ZUserCaseSummary, 'status'), from: 'ZUserCaseSummary.status' },
    { pattern: 'admin:moderation.userTypes.*', values: enumOf(admin.ZUserCaseSummary, 'type').filter((t) => t !== 'admin'), from: 'ZUserCaseSummary.type' },
    { pattern: 'admin:moderation.signals.*', values: admin.TRUST_SIGNALS, from: 'TRUST_SIGNALS' },
    { pattern: 'admin:moderation.trust*', values: ['Low', 'Mid', 'High'], from: 'trustLevel in trust-score.tsx' },
    { pattern: 'admin:duplicates.*', values: ['merge', 'dismiss', 'remove'], from: 'Kind in cluster-card.tsx' },
    { pattern: 'admin:duplicates.done.*', values: ['merge', 'dismiss', 'remove'], from: 'Kind in cluster-card.tsx' },
    { pattern: 'admin:duplicates.reasons.*', values: admin.DUPLICATE_REASONS, from: 'DUPLICATE_REASONS' },
    { pattern: 'admin:adjust.types.*', values: c.ADJUSTMENT_TYPES, from: 'ADJUSTMENT_TYPES' },
    { pattern: 'admin:adjust.targets.*', values: c.ADJUSTMENT_TARGETS, from: 'ADJUSTMENT_TARGETS' },
    { pattern: 'admin:payments.*', values: ['approve', 'reject'], from: 'the decisions in pending-adjustments.tsx' },
    { pattern: 'admin:payments.amountUnit.*', values: c.ADJUSTMENT_TARGETS, from: 'ADJUSTMENT_TARGETS (plural keys)' },
    { pattern: 'admin:payments.columns.*', values: local, from: 'the columns of delala-table.tsx' },
    { pattern: 'admin:metrics.severity.*', values: admin.ALERT_SEVERITIES, from: 'ALERT_SEVERITIES' },
    { pattern: 'admin:metrics.rules.*', values: admin.ALERT_RULES, from: 'ALERT_RULES' },
    { pattern: 'admin:metrics.messages.*', values: admin.ALERT_RULES, from: 'ALERT_RULES (the message of each rule, written from its data)' },
    {
      pattern: 'admin:metrics.data.*',
      values: ['reports', 'previousDailyAverage', 'count', 'listingIds', 'ip', 'codes', 'numberRange', 'posterPhone', 'clusters', 'listings'],
      from: 'the data keys of apps/api/src/modules/metrics/alert-rules.ts (defaultValue: the key itself)',
    },
    { pattern: 'admin:metrics.columns.*', values: local, from: 'the series of daily-series.ts' },
    { pattern: 'admin:metrics.funnel.*', values: ['started', 'ownerReplied', 'unlocked'], from: 'the steps of admin/lib/funnel.ts' },
  ];

  const expressions = [
    { file: 'app/layout/top-bar.tsx', source: 'link.labelKey', from: "labelKey strings in app/layout/nav-links.ts ('nav.browse', ...), found there as keys" },
    {
      file: 'features/admin/lib/failure-text.ts',
      source: 'titleKey',
      from: "the callers' literal keys (failureAlert(t, 'moderation.failed', e)), found in their files",
    },
    {
      file: 'features/unlocks/components/unlock-card.tsx',
      source: 'unlockBadgeKey(record)',
      from: "unlocks/lib/unlock-display.ts answers 'unlocks.badge...' literals, found there as keys",
    },
    {
      file: 'features/wallet/components/wallet-page.tsx',
      source: 'success.key',
      from: 'wallet/lib/purchase-success.ts answers literal keys, found there as keys',
    },
    {
      file: 'features/wallet/components/wallet-return-page.tsx',
      source: 'success.key',
      from: 'wallet/lib/purchase-success.ts answers literal keys, found there as keys',
    },
  ];
  return { patterns, expressions };
}
