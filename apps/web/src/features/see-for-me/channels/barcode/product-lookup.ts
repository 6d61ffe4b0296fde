// the products table's names (its FeatureEndpoints entry), for api.call('productLookup')
import type {} from '@sfm/protocol/products';
import { api } from '../../../../api/http-client.ts';
import type { LookupProduct } from './product-names.ts';

/** How long the server may take: its list answers at once, a lookup service within its own timeout. */
const LOOKUP_TIMEOUT_MS = 4_000;

/**
 * The server's product lookup (its operator list, then its lookup service): a name, null when
 * nobody knows the code, a throw when it could not be asked (offline, refused).
 */
export const lookupProduct: LookupProduct = async (code, signal) => {
  const answer = await api.call('productLookup', { code }, { signal, timeoutMs: LOOKUP_TIMEOUT_MS });
  if (!answer.ok) throw new Error(`product lookup answered ${answer.code}`);
  const { name, notes } = answer.data;
  return name === null ? null : { name, notes };
};
