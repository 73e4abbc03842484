import type { TSegmentRow } from '@kassa/domain';
import { useStatistics } from './get-statistics.ts';

/** `GET /v1/customer/aggregate/segment`: customers per segment with their share. */
export const useSegments = (scope: string) => useStatistics<TSegmentRow[]>('customer/aggregate/segment', {}, scope);
