import { useSyncExternalStore } from 'react';
import { parseMerchantContext } from '@kassa/domain';
import type { QueryParams } from './api-client.ts';

/**
 * The organisation context whose `organisation=<id>` is merged into every GET: the merchant of a
 * provider URL `psp/merchants/{id}[:suffix]`, or the sub-organisation a merchant user selected.
 */
const MERCHANT_PATH = /^\/psp\/merchants\/([^/]+)/;

let selectedOrganisation: string | null = null;
const listeners = new Set<() => void>();

export const merchantContextOf = (pathname: string) => {
  const match = MERCHANT_PATH.exec(pathname);
  return match ? parseMerchantContext(decodeURIComponent(match[1])) : null;
};

/** The organisation filter for a path: the URL's merchant context first, else the selection. */
export const organisationFor = (pathname: string): string | null =>
  merchantContextOf(pathname)?.organisationId ?? selectedOrganisation;

export const organisationDefaults = (): QueryParams => {
  const organisation = organisationFor(window.location.pathname);
  return organisation ? { organisation } : {};
};

/** A merchant user's sub-organisation choice (null = the whole organisation). */
export const selectOrganisation = (id: string | null) => {
  selectedOrganisation = id;
  listeners.forEach((listener) => listener());
};
export const selectedOrganisationId = () => selectedOrganisation;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The selected sub-organisation, re-rendering when it changes. */
export const useSelectedOrganisation = () => useSyncExternalStore(subscribe, () => selectedOrganisation);

/** A cache-key part for queries: changes whenever the organisation filter of GETs changes. */
export const useOrganisationScope = (pathname: string): string => {
  const selected = useSelectedOrganisation();
  return merchantContextOf(pathname)?.organisationId ?? selected ?? 'all';
};
