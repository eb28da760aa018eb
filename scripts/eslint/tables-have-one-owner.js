import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { exemptFromTableOwners, tableOwners } from './table-owners.js';

/**
 * Reports a table named in SQL outside the repository module that owns it (docs/decisions/0082).
 * A name counts when it is a string literal where Kysely takes a table, or follows
 * FROM/JOIN/INTO/UPDATE/TABLE in a `sql` template's text; a name computed at run time is not seen.
 */
const methodsTakingTables = new Set([
  'selectFrom',
  'insertInto',
  'updateTable',
  'deleteFrom',
  'replaceInto',
  'mergeInto',
  'innerJoin',
  'leftJoin',
  'rightJoin',
  'fullJoin',
  'crossJoin',
  'with',
]);

const tableAfterKeyword = /\b(?:from|join|into|update|table)\s+"?([a-z_][a-z0-9_]*)"?/gi;

function globToRegExp(glob) {
  const pattern = glob
    .split(/(\*\*\/|\*\*|\*)/)
    .map((part) => {
      if (part === '**/') return '(?:.*/)?';
      if (part === '**') return '.*';
      if (part === '*') return '[^/]*';
      return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${pattern}$`);
}

function literalText(node) {
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node?.type === 'TemplateLiteral' && node.expressions.length === 0) {
    return node.quasis[0].value.cooked;
  }
  return undefined;
}

/** `'students as s'` names the table `students`. */
function tableOfReference(text) {
  return text.trim().split(/\s+as\s+/i)[0];
}

/**
 * The rule for an ownership map: path of a repository module -> { owns, reads }, the globs of
 * the files that may name any table, and the directory those paths start from (not ESLint's
 * working directory, which is wherever it was run).
 * @returns {import('eslint').Rule.RuleModule}
 */
export function tablesHaveOneOwnerRule(owners, exempt, root) {
  return {
    meta: {
      type: 'problem',
      docs: { description: 'Only the repository module that owns a table names it in SQL' },
      schema: [
        {
          type: 'object',
          properties: {
            pending: { type: 'array', items: { type: 'string' }, uniqueItems: true },
          },
          additionalProperties: false,
        },
      ],
      messages: {
        notTheOwner: 'Table "{{table}}" belongs to {{owner}}: call a function there.',
      },
    },
    create(context) {
      const { pending = [] } = context.options[0] ?? {};
      const file = path.relative(root, context.filename).split(path.sep).join('/');
      if (exempt.some((glob) => globToRegExp(glob).test(file))) return {};

      const ownerOfTable = new Map();
      for (const [module, { owns }] of Object.entries(owners)) {
        for (const table of owns) ownerOfTable.set(table, module);
      }
      const allowedHere = new Set([...(owners[file]?.owns ?? []), ...(owners[file]?.reads ?? [])]);
      const silent = new Set(pending);

      function check(table, loc) {
        const owner = ownerOfTable.get(table);
        if (owner === undefined || allowedHere.has(table) || silent.has(table)) return;
        context.report({ loc, messageId: 'notTheOwner', data: { table, owner } });
      }

      function checkReference(node) {
        const text = literalText(node);
        if (text !== undefined) check(tableOfReference(text), node.loc);
      }

      const { sourceCode } = context;
      return {
        CallExpression(node) {
          const { callee } = node;
          if (callee.type !== 'MemberExpression' || callee.computed) return;
          const method = callee.property.name;
          const [first] = node.arguments;
          if (methodsTakingTables.has(method)) {
            if (first?.type === 'ArrayExpression') first.elements.forEach(checkReference);
            else checkReference(first);
          } else if (
            method === 'table' &&
            callee.object.type === 'Identifier' &&
            callee.object.name === 'sql'
          ) {
            checkReference(first);
          }
        },
        TaggedTemplateExpression(node) {
          if (node.tag.type !== 'Identifier' || node.tag.name !== 'sql') return;
          for (const quasi of node.quasi.quasis) {
            const text = quasi.value.raw;
            const start = sourceCode.text.indexOf(text, quasi.range[0]);
            for (const match of text.matchAll(tableAfterKeyword)) {
              const table = match[1].toLowerCase();
              const at = start + match.index + match[0].indexOf(match[1]);
              check(table, {
                start: sourceCode.getLocFromIndex(at),
                end: sourceCode.getLocFromIndex(at + match[1].length),
              });
            }
          }
        },
      };
    },
  };
}

export default {
  meta: { name: 'tables-have-one-owner' },
  rules: {
    'tables-have-one-owner': tablesHaveOneOwnerRule(
      tableOwners,
      exemptFromTableOwners,
      fileURLToPath(new URL('../..', import.meta.url)),
    ),
  },
};
