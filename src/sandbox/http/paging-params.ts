import { LIMITS, type PageDirection } from '../../shared/api/types';
import type { PageQuery, PageQueryV1 } from '../paging';
import type { Key } from '../sorted-index';
import { isId } from '../../shared/api/ids';
import { badRequest } from './errors';
import type { Params } from './params';

const COUNT = { min: LIMITS.pageSizeMin, max: LIMITS.pageSizeMax };

export function pageQueryV2(
  params: Params,
  allowed: readonly PageDirection[] = ['after', 'before', 'around'],
): PageQuery {
  const raw = params.json('paginate_position');
  let position: Key | null = null;
  if (raw !== undefined && raw !== null) {
    const list = typeof raw === 'number' || typeof raw === 'string' ? [raw] : raw;
    // IDs may come as 64-bit numbers (read losslessly as digits) or, with id_as_string, as strings.
    const component = (v: unknown) =>
      typeof v === 'number' && Number.isFinite(v) ? v : isId(v) ? BigInt(v) : undefined;
    const key = Array.isArray(list) ? list.map(component) : [];
    if (key.length === 0 || key.length > 4 || key.some((v) => v === undefined)) {
      throw badRequest(
        'paginate_position must be a JSON array of numbers, e.g. [1684739969.358085, 1160406004324630614]',
      );
    }
    position = key as Key;
  }
  const direction = params.oneOf('paginate_direction', ['after', 'before', 'around'] as const) ?? 'before';
  if (!allowed.includes(direction))
    throw badRequest(`paginate_direction ${direction} is not allowed here; allowed: ${allowed.join(', ')}`);
  if (direction === 'around' && !position) throw badRequest('paginate_direction around needs a paginate_position');
  return {
    position,
    direction,
    count: params.int('paginate_count', COUNT) ?? LIMITS.pageSizeDefault,
    including: params.bool('paginate_including', false),
    order: params.oneOf('paginate_page_order', ['asc', 'desc'] as const) ?? 'desc',
  };
}

export function pageQueryV1(params: Params): PageQueryV1 {
  const after = params.string('after')?.trim();
  // `after=0` is how public clients ask for the first page (docs/api-decisions.md, "Version 1 pages").
  const first = after === undefined || after === '' || after === 'null' || after === '0';
  return {
    after: first ? null : isId(after) && after.length > 15 ? BigInt(after) : (params.number('after') ?? null),
    count: params.int('count', COUNT) ?? LIMITS.pageSizeDefault,
    including: params.bool('including', false),
    order: params.oneOf('page_order', ['asc', 'desc'] as const) ?? 'desc',
  };
}
