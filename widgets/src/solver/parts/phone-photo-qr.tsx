import { QRCodeSVG } from 'qrcode.react';

/** The QR code of the phone's link: its own chunk, loaded when a student opens the phone dialog. */
export default function PhonePhotoQr({ value, label }: { value: string; label: string }) {
  return (
    <QRCodeSVG
      className="kib-phone-photo__qr"
      value={value}
      size={200}
      marginSize={2}
      role="img"
      aria-label={label}
    />
  );
}
