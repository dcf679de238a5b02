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

/**
 * An action code as text: an action with a wording of its own (`command.send`), else
 * "<entity> <action>" with the action agreeing with the entity's gender, so pt-BR says
 * "Manutenção criada" and "Dispositivo criado" from one rule; else the code itself.
 */
export const actionLabel = (code: string, translate: Translate): string => {
  const own = lookup(translate, `logs.codes.${code}`);
  if (own) return own;
  const [kind, action] = code.split('.');
  const entity = kind ? lookup(translate, `logs.entities.${kind}`) : null;
  if (!entity || !action) return code;
  const gender = lookup(translate, `logs.genders.${kind}`) === 'f' ? 'f' : 'm';
  return lookup(translate, `logs.actions.${action}.${gender}`, { entity }) ?? code;
};

/** `{ calendarId: 1, userId: 2 }` → "Calendário #1 → Usuário #2". */
export const objectLabel = (object: Record<string, number>, translate: Translate): string =>
  Object.entries(object)
    .map(([key, id]) => `${entityName(key.replace(/Id$/, ''), translate)} #${id}`)
    .join(' → ');
