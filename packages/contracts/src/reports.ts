import { z } from 'zod';
import { REPORT_DETAILS_MAX, REPORT_REASONS } from './constants.ts';
import { okAnswer } from './common.ts';

/** What can be reported. */
export const REPORT_TARGET_TYPES = ['listing', 'conversation'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

/** Validation messages, answered in `fields` of a 400. */
export const REPORT_MESSAGES = {
  reasonRequired: 'Reason is required',
  targetRequired: 'Target is required',
  detailsTooLong: `Details must be at most ${REPORT_DETAILS_MAX} characters`,
} as const;

export const ZReportReason = z.enum(REPORT_REASONS, { error: REPORT_MESSAGES.reasonRequired });

/**
 * POST /reports. Details are optional and trimmed (blank is "not given"). One report per reporter
 * and target while the target's moderation case is open; never on one's own listing.
 */
export const ZReportRequest = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES, { error: REPORT_MESSAGES.targetRequired }),
  targetId: z.string({ error: REPORT_MESSAGES.targetRequired }).trim().min(1, REPORT_MESSAGES.targetRequired),
  reason: ZReportReason,
  details: z
    .string()
    .trim()
    .max(REPORT_DETAILS_MAX, REPORT_MESSAGES.detailsTooLong)
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type TReportRequest = z.input<typeof ZReportRequest>;
export type TReportInput = z.output<typeof ZReportRequest>;

/** The report as its reporter sees it (nothing about the case or other reporters). */
export const ZReport = z.object({
  _id: z.string(),
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.string(),
  reason: ZReportReason,
  details: z.string().nullable(),
  createdAt: z.string(),
});
export type TReport = z.infer<typeof ZReport>;

export const ZReportAnswer = okAnswer({ report: ZReport });
export type TReportAnswer = z.infer<typeof ZReportAnswer>;
