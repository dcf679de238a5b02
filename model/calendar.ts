/** A calendar (`/api/calendars`); `data` is base64 iCalendar (.ics) text. */
export interface Calendar {
  id: number;
  name: string;
  data: string;
  attributes: Record<string, unknown>;
}
