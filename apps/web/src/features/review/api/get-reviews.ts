import { listScreens } from '@kassa/domain';
import { listOptions } from '@/lib/entity-api.ts';
import type { ReviewRow } from './types.ts';

export const REVIEW_POPULATE = listScreens.review.populate;

/** `GET /v1/review`: one page of the review queue. */
export const reviewsQueryOptions = listOptions<ReviewRow>('review', REVIEW_POPULATE, listScreens.review.fields);
