type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A key the catalogue lacks translates to this, so "missing" can be told from a real text. */
const MISSING = '\u0000';

const lookup = (translate: Translate, key: string, options: Record<string, unknown> = {}) => {
  const text = translate(key, { ...options, _: MISSING });
  return text === MISSING ? null : text;
};

/** The translated name of an audited entity (`maintenance` → "Manutenção"), else the key. */
export const entityName = (kind: string, translate: Translate): string =>
  lookup(translate, `logs.entities.${kind}`) ?? kind;

/** Whether the server refused the request (its status): then it changed nothing. */
export const isRefused = (status: number): boolean => status >= 400;

const lowerFirst = (text: string) => text.charAt(0).toLocaleLowerCase() + text.slice(1);

/**
 * An action code as text: an action with a wording of its own (`command.send`), else
 * "<entity> <action>" with the action agreeing with the entity's gender, so pt-BR says
 * "Manutenção criada" and "Dispositivo criado" from one rule; else the code itself. A refused
 * request (`status` 400 and up) reads as what was tried and refused ("Criação de cerca virtual
 * recusada"), never as if it had happened.
 */
export const actionLabel = (code: string, translate: Translate, status = 200): string => {
  const refused = isRefused(status);
  const own = lookup(translate, `logs.${refused ? 'refusedCodes' : 'codes'}.${code}`);
  if (own) return own;
  const dot = code.indexOf('.');
  const kind = dot < 0 ? code : code.slice(0, dot);
  const action = dot < 0 ? '' : code.slice(dot + 1);
  const entity = lookup(translate, `logs.entities.${kind}`);
  if (!entity || !action) return code;
  if (refused) {
    const options = { entityLower: lowerFirst(entity) };
    return lookup(translate, `logs.refusedActions.${action}`, options) ?? code;
  }
  const gender = lookup(translate, `logs.genders.${kind}`) === 'f' ? 'f' : 'm';
  return lookup(translate, `logs.actions.${action}.${gender}`, { entity }) ?? code;
};

/** The result column: done or refused, with the HTTP status. */
export const resultLabel = (status: number, translate: Translate): string =>
  `${translate(isRefused(status) ? 'logs.results.refused' : 'logs.results.ok')} (${status})`;

/** `{ calendarId: 1, userId: 2 }` → "Calendário #1 → Usuário #2". */
export const objectLabel = (object: Record<string, number>, translate: Translate): string =>
  Object.entries(object)
    .map(([key, id]) => `${entityName(key.replace(/Id$/, ''), translate)} #${id}`)
    .join(' → ');
