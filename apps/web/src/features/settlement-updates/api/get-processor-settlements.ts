export { useProcessorSettlements } from '@/lib/processor-settlements.ts';
