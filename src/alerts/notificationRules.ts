import type { Event } from '../../model/event';

export interface NotificationRule {
  id: number;
  type: string;
  attributes: Record<string, unknown>;
}

const alarmsOf = (rule: NotificationRule): string[] =>
  String(rule.attributes?.alarms ?? '')
    .split(',')
    .map((alarm) => alarm.trim())
    .filter(Boolean);

/** The rule that produced an event: by `notificationId` if present, else by type (and alarm). */
export const ruleFor = (
  event: Event,
  rules: readonly NotificationRule[],
): NotificationRule | undefined => {
  const id = Number(event.attributes?.notificationId);
  if (id) {
    const byId = rules.find((rule) => rule.id === id);
    if (byId) return byId;
  }
  const sameType = rules.filter((rule) => rule.type === event.type);
  if (event.type === 'alarm') {
    const alarm = String(event.attributes?.alarm ?? '');
    return sameType.find((rule) => alarmsOf(rule).includes(alarm)) ?? sameType[0];
  }
  return sameType[0];
};
