import { countOptions } from '@/lib/entity-api.ts';

/** `GET /v1/review/count` with the queue's filters. */
export const reviewsCountQueryOptions = countOptions('review');
