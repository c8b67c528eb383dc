import { LIMITS, type PageDirection } from '../../shared/api/types';
import type { PageQuery, PageQueryV1 } from '../paging';
import { badRequest } from './errors';
import type { Params } from './params';

const COUNT = { min: LIMITS.pageSizeMin, max: LIMITS.pageSizeMax };

export function pageQueryV2(
  params: Params,
  allowed: readonly PageDirection[] = ['after', 'before', 'around'],
): PageQuery {
  const raw = params.json('paginate_position');
  let position: number[] | null = null;
  if (raw !== undefined && raw !== null) {
    const list = typeof raw === 'number' ? [raw] : raw;
    if (!Array.isArray(list) || list.length === 0 || !list.every((v) => typeof v === 'number' && Number.isFinite(v))) {
      throw badRequest('paginate_position must be a JSON array of numbers, e.g. [1700000000.5, 42]');
    }
    position = list as number[];
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
  const after = params.string('after');
  return {
    after: after === undefined || after === '' || after === 'null' ? null : (params.number('after') ?? null),
    count: params.int('count', COUNT) ?? LIMITS.pageSizeDefault,
    including: params.bool('including', false),
    order: params.oneOf('page_order', ['asc', 'desc'] as const) ?? 'desc',
  };
}
