/**
 * A statement's plan as `EXPLAIN (ANALYZE, FORMAT JSON)` gives it, run in place of the statement
 * (in a transaction the caller rolls back: ANALYZE runs the insert), and read back: its times,
 * the nodes it went through, and whether the wants were found through their indexes.
 */
import type { Queryable } from '../../server/src/db/db';

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Actual Total Time'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Rows Removed by Filter'?: number;
  'Exact Heap Blocks'?: number;
  Plans?: PlanNode[];
}

export interface Explained {
  planningMs: number;
  executionMs: number;
  /** Time in the insert's triggers (the announcement of each notification), part of the execution. */
  triggerMs: number;
  root: PlanNode;
}

/** A Queryable that explains the first statement sent to it instead of running it, keeping its plan. */
export function explaining(tx: Queryable): { queryable: Queryable; plan(): Explained } {
  let explained: Explained | undefined;
  const queryable: Queryable = {
    async query<Row>(sql: string, params?: readonly unknown[]): Promise<Row[]> {
      const rows = await tx.query<{ 'QUERY PLAN': unknown }>(`explain (analyze, format json) ${sql}`, params);
      const raw = rows[0]['QUERY PLAN'];
      const [top] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as {
        Plan: PlanNode; 'Planning Time': number; 'Execution Time': number; Triggers?: { Time: number }[];
      }[];
      explained ??= {
        planningMs: top['Planning Time'], executionMs: top['Execution Time'],
        triggerMs: (top.Triggers ?? []).reduce((sum, trigger) => sum + trigger.Time, 0), root: top.Plan,
      };
      return [];
    },
    exec: (sql) => tx.exec(sql),
  };
  return {
    queryable,
    plan() {
      if (!explained) throw new Error('no statement was explained');
      return explained;
    },
  };
}

function* nodes(node: PlanNode): Generator<PlanNode> {
  yield node;
  for (const child of node.Plans ?? []) yield* nodes(child);
}

/** Which of the wants' indexes the plan read, and whether it read the whole table anywhere. */
export function wantsAccess(root: PlanNode): { byIsbn: boolean; byWords: boolean; scansWants: boolean } {
  const all = [...nodes(root)];
  return {
    byIsbn: all.some((node) => node['Index Name'] === 'wants_isbn'),
    byWords: all.some((node) => node['Index Name'] === 'wants_lexemes'),
    scansWants: all.some((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'wants'),
  };
}

/**
 * The time spent finding the candidate wants: the node that holds every read of the wants table,
 * the lowest such (the union of the ISBN and the words candidates). The rest of the execution is
 * checking them against the book and writing the notifications.
 */
export function findingMs(root: PlanNode): number {
  const readsWants = (node: PlanNode): number =>
    (node['Relation Name'] === 'wants' ? 1 : 0) + (node.Plans ?? []).reduce((sum, child) => sum + readsWants(child), 0);
  const all = readsWants(root);
  let node = root;
  for (;;) {
    const child = (node.Plans ?? []).find((each) => readsWants(each) === all);
    if (!child) break;
    node = child;
  }
  return (node['Actual Total Time'] ?? NaN) * (node['Actual Loops'] ?? 1);
}

/** The plan as an indented tree: each node's type, what it read, its rows and time. */
export function planTree(root: PlanNode, indent = '    '): string {
  const lines: string[] = [];
  const walk = (node: PlanNode, depth: number) => {
    const on = [node['Index Name'] && `using ${node['Index Name']}`, node['Relation Name'] && `on ${node['Relation Name']}`].filter(Boolean).join(' ');
    const loops = node['Actual Loops'] ?? 1;
    const facts = [
      `rows ${node['Actual Rows']}${loops > 1 ? ` ×${loops} loops` : ''}`,
      node['Actual Total Time'] === undefined ? '' : `${node['Actual Total Time'].toFixed(3)} ms`,
      node['Rows Removed by Index Recheck'] ? `${node['Rows Removed by Index Recheck']} removed by recheck` : '',
      node['Rows Removed by Filter'] ? `${node['Rows Removed by Filter']} removed by filter` : '',
      node['Exact Heap Blocks'] ? `${node['Exact Heap Blocks']} heap blocks` : '',
    ].filter(Boolean);
    lines.push(`${indent}${'  '.repeat(depth)}${node['Node Type']}${on ? ` ${on}` : ''} (${facts.join(', ')})`);
    for (const child of node.Plans ?? []) walk(child, depth + 1);
  };
  walk(root, 0);
  return lines.join('\n');
}
