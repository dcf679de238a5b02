/** The device photo: its tab in the device form and the detail card; spread into the catalogues. */
const deviceImageEnUS = {
  deviceImage: {
    tab: 'Photo',
    alt: 'Photo of %{name}',
    none: 'No photo yet. It appears on the device card on the map.',
    hint: 'JPEG, PNG, GIF or WebP, up to 500 KB.',
    choose: 'Choose photo',
    replace: 'Replace photo',
    remove: 'Remove photo',
    uploading: 'Sending photo…',
    uploaded: 'Photo sent. Save the device to keep it.',
    removed: 'Photo removed. Save the device to keep the change.',
    tooLarge: 'The photo is over 500 KB.',
    badType: 'Choose a JPEG, PNG, GIF or WebP image.',
    failed: 'The photo was not sent: %{error}',
  },
};

export default deviceImageEnUS;
