import { useStore } from 'react-admin';

/** Whether live alerts play their sound, kept per browser in react-admin's store. */
export const useMute = () => useStore<boolean>('frota.mute', false);
