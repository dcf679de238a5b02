// Unit conversions live in model/, where the server's texts (notifications, mail) use them too.
export * from '../../model/units';
