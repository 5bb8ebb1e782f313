import { and, eq, inArray } from 'drizzle-orm';
import type { AccessibilityTag, PlaceCategory, PlaceTextsView } from '@spotlist/contracts';
import type { Db } from '../client.ts';
import { listItems, lists, places } from '../schema/index.ts';
import { searchTextOf } from '../place-sql.ts';

interface DemoPlace {
  key: string;
  /** The local (German) name, as people in Munich and most guidebooks say it. */
  name: string;
  /** The English name, only where English speakers really use one (else the local name). */
  en?: string;
  /** Two sentences in German and in English. */
  de: string;
  enText: string;
  lat: number;
  lng: number;
  /** Street and number (or the square): the city is the place's `city`, never repeated here. */
  address: string;
  category: PlaceCategory;
  accessibility: AccessibilityTag[];
  website?: string;
}

/** The demo places' city (the place's `city` field; addresses do not repeat it). */
export const DEMO_CITY = 'München';

/** Munich landmarks with their real coordinates (WGS 84), for the demo catalogue. */
export const MUNICH_PLACES: DemoPlace[] = [
  {
    key: 'marienplatz',
    name: 'Marienplatz',
    de: 'Der zentrale Platz der Altstadt ist seit 1158 das Herz Münchens. Seinen Namen hat er von der Mariensäule, die seit 1638 in seiner Mitte steht.',
    enText:
      'The central square of the old town has been the heart of Munich since 1158. It is named after the Marian column that has stood in its middle since 1638.',
    lat: 48.137154,
    lng: 11.57549,
    address: 'Marienplatz',
    category: 'sight',
    accessibility: ['step_free'],
  },
  {
    key: 'rathaus',
    name: 'Neues Rathaus',
    en: 'New Town Hall',
    de: 'Das neugotische Rathaus entstand zwischen 1867 und 1908 an der Nordseite des Marienplatzes. Das Glockenspiel in seinem Turm spielt täglich um 11 und 12 Uhr, von März bis Oktober auch um 17 Uhr.',
    enText:
      'The neo-Gothic town hall was built between 1867 and 1908 on the north side of Marienplatz. The Glockenspiel in its tower plays daily at 11 am and noon, and from March to October at 5 pm as well.',
    lat: 48.137658,
    lng: 11.57591,
    address: 'Marienplatz 8',
    category: 'sight',
    accessibility: ['elevator', 'accessible_toilet'],
  },
  {
    key: 'frauenkirche',
    name: 'Frauenkirche',
    de: 'Der spätgotische Dom zu Unserer Lieben Frau wurde zwischen 1468 und 1488 aus Backstein erbaut. Seine zwei Türme mit den runden Hauben sind das Wahrzeichen der Stadt.',
    enText:
      'The late-Gothic Cathedral of Our Dear Lady was built of brick between 1468 and 1488. Its two towers with their rounded domes are the landmark of the city.',
    lat: 48.138631,
    lng: 11.573625,
    address: 'Frauenplatz 12',
    category: 'sight',
    accessibility: ['step_free'],
  },
  {
    key: 'peterskirche',
    name: 'Peterskirche',
    en: "St. Peter's Church",
    de: 'St. Peter ist die älteste Pfarrkirche der Innenstadt; ihre Anfänge reichen ins 11. Jahrhundert zurück. Wer die 306 Stufen auf den Turm „Alter Peter“ steigt, sieht an klaren Tagen bis zu den Alpen.',
    enText:
      'St. Peter\'s is the oldest parish church in the city centre, its beginnings reaching back to the 11th century. Climb the 306 steps of its tower, "Alter Peter", and on a clear day you can see the Alps.',
    lat: 48.136402,
    lng: 11.57571,
    address: 'Rindermarkt 1',
    category: 'sight',
    accessibility: [],
  },
  {
    key: 'viktualienmarkt',
    name: 'Viktualienmarkt',
    de: 'Seit 1807 kaufen die Münchner hier an rund 140 Ständen Obst, Gemüse, Käse und Spezialitäten. In der Mitte des Marktes stehen ein Maibaum und ein Biergarten.',
    enText:
      'Since 1807 Munich has come here for fruit, vegetables, cheese and delicacies from some 140 stalls. A maypole and a beer garden stand in the middle of the market.',
    lat: 48.135125,
    lng: 11.5762,
    address: 'Viktualienmarkt 3',
    category: 'market',
    accessibility: ['step_free', 'accessible_toilet'],
  },
  {
    key: 'hofbraeuhaus',
    name: 'Hofbräuhaus',
    de: 'Das Bierhaus am Platzl geht auf das herzogliche Brauhaus zurück, das 1589 gegründet wurde. In der Schwemme im Erdgeschoss spielt fast jeden Tag eine Blaskapelle.',
    enText:
      'The beer hall on the Platzl goes back to the ducal brewery founded in 1589. A brass band plays in the Schwemme on the ground floor almost every day.',
    lat: 48.1376,
    lng: 11.5799,
    address: 'Platzl 9',
    category: 'restaurant',
    accessibility: ['step_free', 'accessible_toilet'],
    website: 'https://www.hofbraeuhaus.de',
  },
  {
    key: 'residenz',
    name: 'Residenz München',
    en: 'Munich Residence',
    de: 'Die ehemalige Residenz der bayerischen Herzöge, Kurfürsten und Könige ist das größte Innenstadtschloss Deutschlands. Zu sehen sind über 130 Schauräume, das Antiquarium und die Schatzkammer.',
    enText:
      "The former seat of Bavaria's dukes, electors and kings is the largest city palace in Germany. More than 130 rooms are open to visitors, along with the Antiquarium and the Treasury.",
    lat: 48.141,
    lng: 11.5796,
    address: 'Residenzstraße 1',
    category: 'museum',
    accessibility: ['step_free', 'elevator', 'accessible_toilet'],
    website: 'https://www.residenz-muenchen.de',
  },
  {
    key: 'feldherrnhalle',
    name: 'Feldherrnhalle',
    de: 'Die Loggia am Odeonsplatz wurde 1841 bis 1844 nach dem Vorbild der Loggia dei Lanzi in Florenz gebaut. Sie ehrt die Feldherren Tilly und Wrede, deren Statuen in ihr stehen.',
    enText:
      'The loggia on Odeonsplatz was built from 1841 to 1844, modelled on the Loggia dei Lanzi in Florence. It honours the generals Tilly and Wrede, whose statues stand in it.',
    lat: 48.1419,
    lng: 11.5774,
    address: 'Odeonsplatz',
    category: 'sight',
    accessibility: ['step_free'],
  },
  {
    key: 'theatinerkirche',
    name: 'Theatinerkirche',
    en: 'Theatine Church',
    de: 'Die Kirche St. Kajetan wurde ab 1663 zum Dank für die Geburt des Thronfolgers Max Emanuel gebaut. Ihre ockergelbe Fassade prägt den Odeonsplatz, in der Gruft ruhen Mitglieder des Hauses Wittelsbach.',
    enText:
      "St. Cajetan's was built from 1663 in thanks for the birth of the heir to the throne, Max Emanuel. Its ochre-yellow front shapes Odeonsplatz, and members of the Wittelsbach family rest in its crypt.",
    lat: 48.1423,
    lng: 11.5769,
    address: 'Salvatorplatz 2a',
    category: 'sight',
    accessibility: [],
  },
  {
    key: 'hofgarten',
    name: 'Hofgarten',
    de: 'Der Garten der Residenz wurde zwischen 1613 und 1617 im Stil der italienischen Renaissance angelegt. In seiner Mitte steht der Dianatempel, in dem oft Straßenmusiker spielen.',
    enText:
      'The garden of the Residenz was laid out between 1613 and 1617 in the style of the Italian Renaissance. The Temple of Diana stands in its middle, where street musicians often play.',
    lat: 48.1429,
    lng: 11.581,
    address: 'Hofgartenstraße 1',
    category: 'park',
    accessibility: ['step_free'],
  },
  {
    key: 'chinesischer-turm',
    name: 'Englischer Garten – Chinesischer Turm',
    en: 'English Garden – Chinese Tower',
    de: 'Die 25 Meter hohe Holzpagode wurde 1790 errichtet und nach dem Zweiten Weltkrieg originalgetreu wieder aufgebaut. Ihr Biergarten ist mit rund 7000 Plätzen einer der größten Münchens.',
    enText:
      'The 25-metre wooden pagoda was built in 1790 and faithfully rebuilt after the Second World War. Its beer garden, with some 7,000 seats, is one of the largest in Munich.',
    lat: 48.1528,
    lng: 11.5918,
    address: 'Englischer Garten 3',
    category: 'park',
    accessibility: ['step_free', 'accessible_toilet'],
  },
  {
    key: 'eisbach',
    name: 'Eisbachwelle',
    en: 'Eisbach surf wave',
    de: 'Am Südende des Englischen Gartens bildet der Eisbach unter einer Brücke eine stehende Welle. Surfer reiten sie das ganze Jahr über, Zuschauer schauen vom Geländer aus zu.',
    enText:
      'At the southern end of the English Garden the Eisbach forms a standing wave under a bridge. Surfers ride it all year round while onlookers watch from the railing.',
    lat: 48.1436,
    lng: 11.588,
    address: 'Prinzregentenstraße',
    category: 'sport',
    accessibility: [],
  },
  {
    key: 'monopteros',
    name: 'Monopteros',
    de: 'Der klassizistische Rundtempel wurde 1836 nach Plänen Leo von Klenzes auf einem künstlichen Hügel errichtet. Von dort blickt man über die Wiesen auf die Türme der Altstadt, am schönsten bei Sonnenuntergang.',
    enText:
      "Leo von Klenze's neoclassical round temple was built in 1836 on an artificial hill. From there you look across the meadows to the towers of the old town, loveliest at sunset.",
    lat: 48.1497,
    lng: 11.5904,
    address: 'Englischer Garten',
    category: 'sight',
    accessibility: [],
  },
  {
    key: 'deutsches-museum',
    name: 'Deutsches Museum',
    de: 'Eines der größten Wissenschafts- und Technikmuseen der Welt, 1903 gegründet, auf einer Insel in der Isar. Vom Bergwerk bis zur Raumfahrt zeigt es Originale und Versuche zum Mitmachen.',
    enText:
      "One of the world's largest museums of science and technology, founded in 1903, on an island in the Isar. From a mine to space flight, it shows originals and experiments to try.",
    lat: 48.1299,
    lng: 11.5834,
    address: 'Museumsinsel 1',
    category: 'museum',
    accessibility: ['step_free', 'elevator', 'accessible_toilet', 'hearing_loop', 'assistance_dogs'],
    website: 'https://www.deutsches-museum.de',
  },
  {
    key: 'olympiapark',
    name: 'Olympiapark',
    en: 'Olympic Park',
    de: 'Der Park wurde für die Olympischen Sommerspiele 1972 auf einem ehemaligen Flugfeld angelegt. Das Zeltdach über Stadion, Halle und Schwimmhalle ist bis heute eine Ikone der Architektur.',
    enText:
      'The park was laid out on a former airfield for the 1972 Summer Olympics. The tent roof over the stadium, the arena and the swimming hall is still an icon of architecture.',
    lat: 48.1731,
    lng: 11.5466,
    address: 'Spiridon-Louis-Ring 21',
    category: 'park',
    accessibility: ['step_free', 'accessible_toilet', 'accessible_parking'],
    website: 'https://www.olympiapark.de',
  },
  {
    key: 'olympiaturm',
    name: 'Olympiaturm',
    en: 'Olympic Tower',
    de: 'Der 291 Meter hohe Fernmeldeturm wurde 1968 eröffnet. Von der Aussichtsplattform in 190 Metern Höhe reicht der Blick bei klarem Wetter bis zu den Alpen.',
    enText:
      'The 291-metre telecommunications tower opened in 1968. From its viewing platform at 190 metres you can see as far as the Alps on a clear day.',
    lat: 48.1744,
    lng: 11.5536,
    address: 'Spiridon-Louis-Ring 7',
    category: 'sight',
    accessibility: ['step_free', 'elevator'],
  },
  {
    key: 'bmw-welt',
    name: 'BMW Welt',
    de: 'Das Ausstellungs- und Auslieferungszentrum von BMW wurde 2007 eröffnet; sein Doppelkegel aus Glas und Stahl fällt schon von Weitem auf. Gegenüber liegen das BMW Museum und der „Vierzylinder“, die Konzernzentrale.',
    enText:
      'BMW\'s exhibition and delivery centre opened in 2007; its double cone of glass and steel stands out from afar. Across the road are the BMW Museum and the "four-cylinder" headquarters tower.',
    lat: 48.1771,
    lng: 11.556,
    address: 'Am Olympiapark 1',
    category: 'venue',
    accessibility: ['step_free', 'elevator', 'accessible_toilet', 'accessible_parking', 'hearing_loop'],
    website: 'https://www.bmw-welt.com',
  },
  {
    key: 'nymphenburg',
    name: 'Schloss Nymphenburg',
    en: 'Nymphenburg Palace',
    de: 'Die barocke Sommerresidenz der Wittelsbacher wurde ab 1664 gebaut. Im weitläufigen Schlosspark liegen die Pagodenburg, die Badenburg und die Amalienburg.',
    enText:
      "The Wittelsbachs' baroque summer residence was built from 1664 onwards. Its vast park holds the Pagodenburg, Badenburg and Amalienburg pavilions.",
    lat: 48.1583,
    lng: 11.5033,
    address: 'Schloß Nymphenburg 1',
    category: 'sight',
    accessibility: ['accessible_toilet', 'accessible_parking'],
    website: 'https://www.schloss-nymphenburg.de',
  },
  {
    key: 'botanischer-garten',
    name: 'Botanischer Garten München-Nymphenburg',
    en: 'Botanical Garden Munich-Nymphenburg',
    de: 'Der Botanische Garten am Rand des Nymphenburger Schlossparks zeigt rund 14.000 Pflanzenarten. Neben dem Freiland mit Alpinum und Arboretum lohnen die Gewächshäuser auch im Winter einen Besuch.',
    enText:
      'The Botanical Garden on the edge of the Nymphenburg palace park shows some 14,000 plant species. Besides the outdoor gardens with an alpine garden and an arboretum, its glasshouses are worth a visit in winter too.',
    lat: 48.1636,
    lng: 11.5006,
    address: 'Menzinger Straße 65',
    category: 'nature',
    accessibility: ['step_free', 'accessible_toilet'],
  },
  {
    key: 'alte-pinakothek',
    name: 'Alte Pinakothek',
    de: 'Die 1836 eröffnete Gemäldegalerie ist eine der ältesten der Welt. Sie zeigt europäische Malerei vom 14. bis zum 18. Jahrhundert, darunter Werke von Dürer, Rubens und Rembrandt.',
    enText:
      'Opened in 1836, it is one of the oldest picture galleries in the world. It shows European painting from the 14th to the 18th century, including works by Dürer, Rubens and Rembrandt.',
    lat: 48.1482,
    lng: 11.57,
    address: 'Barer Straße 27',
    category: 'museum',
    accessibility: ['step_free', 'elevator', 'accessible_toilet', 'wheelchair_rental'],
    website: 'https://www.pinakothek.de',
  },
  {
    key: 'pinakothek-moderne',
    name: 'Pinakothek der Moderne',
    de: 'Seit 2002 vereint das Haus unter seiner großen Rotunde Kunst, Architektur, Design und Grafik des 20. und 21. Jahrhunderts. Es ist eines der größten Museen für moderne Kunst in Europa.',
    enText:
      "Since 2002 the building under its great rotunda has brought together art, architecture, design and works on paper of the 20th and 21st centuries. It is one of Europe's largest museums of modern art.",
    lat: 48.1472,
    lng: 11.5722,
    address: 'Barer Straße 40',
    category: 'museum',
    accessibility: ['step_free', 'elevator', 'accessible_toilet', 'hearing_loop', 'wheelchair_rental'],
    website: 'https://www.pinakothek.de',
  },
  {
    key: 'koenigsplatz',
    name: 'Königsplatz',
    de: 'Der klassizistische Platz wurde unter König Ludwig I. nach griechischem Vorbild angelegt. Ihn säumen die Propyläen, die Glyptothek und die Staatliche Antikensammlung.',
    enText:
      'The neoclassical square was laid out under King Ludwig I in the manner of ancient Greece. It is framed by the Propylaea, the Glyptothek and the State Collection of Antiquities.',
    lat: 48.1459,
    lng: 11.5654,
    address: 'Königsplatz',
    category: 'sight',
    accessibility: ['step_free'],
  },
  {
    key: 'lenbachhaus',
    name: 'Lenbachhaus',
    de: 'Die Städtische Galerie residiert in der Villa des Malers Franz von Lenbach. Sie besitzt die weltweit größte Sammlung des Blauen Reiters, mit Werken von Kandinsky, Marc und Münter.',
    enText:
      'The municipal gallery lives in the villa of the painter Franz von Lenbach. It holds the largest collection of the Blue Rider in the world, with works by Kandinsky, Marc and Münter.',
    lat: 48.1468,
    lng: 11.5637,
    address: 'Luisenstraße 33',
    category: 'museum',
    accessibility: ['step_free', 'elevator', 'accessible_toilet'],
    website: 'https://www.lenbachhaus.de',
  },
  {
    key: 'asamkirche',
    name: 'Asamkirche',
    en: 'Asam Church',
    de: 'Die Brüder Egid Quirin und Cosmas Damian Asam bauten die Kirche St. Johann Nepomuk ab 1733 neben ihrem Wohnhaus. Der schmale Raum ist vom Boden bis zur Decke im Stil des Spätbarock ausgestattet.',
    enText:
      'The brothers Egid Quirin and Cosmas Damian Asam built the church of St. John Nepomuk from 1733 next to their own house. The narrow interior is decorated in late-baroque style from floor to ceiling.',
    lat: 48.1352,
    lng: 11.5695,
    address: 'Sendlinger Straße 32',
    category: 'sight',
    accessibility: [],
  },
  {
    key: 'isartor',
    name: 'Isartor',
    de: 'Das Isartor ist eines von drei erhaltenen Toren der mittelalterlichen Stadtmauer, erbaut ab 1337. In seinem Turm erinnert das Valentin-Karlstadt-Musäum an den Komiker Karl Valentin.',
    enText:
      'The Isartor is one of three surviving gates of the medieval city wall, built from 1337. Its tower houses the Valentin-Karlstadt-Musäum, devoted to the comedian Karl Valentin.',
    lat: 48.1353,
    lng: 11.5822,
    address: 'Isartorplatz',
    category: 'sight',
    accessibility: ['step_free'],
  },
  {
    key: 'friedensengel',
    name: 'Friedensengel',
    en: 'Angel of Peace',
    de: 'Die vergoldete Figur über den Maximiliansanlagen erinnert an den Frieden nach dem Krieg von 1870/71. Von der Terrasse blickt man die Prinzregentenstraße entlang zur Stadt.',
    enText:
      'The gilded figure above the Maximilian park commemorates the peace after the war of 1870–71. From its terrace you look along Prinzregentenstraße towards the city.',
    lat: 48.1428,
    lng: 11.5951,
    address: 'Prinzregentenstraße',
    category: 'sight',
    accessibility: [],
  },
  {
    key: 'maximilianeum',
    name: 'Maximilianeum',
    de: 'Das Gebäude hoch über dem Isarufer ist seit 1949 Sitz des Bayerischen Landtags. Es schließt die Maximilianstraße nach Osten ab und ist abends eindrucksvoll beleuchtet.',
    enText:
      'High above the banks of the Isar, it has been the seat of the Bavarian parliament since 1949. It closes Maximilianstraße to the east and is impressively lit at night.',
    lat: 48.1365,
    lng: 11.5946,
    address: 'Max-Planck-Straße 1',
    category: 'sight',
    accessibility: ['step_free', 'elevator'],
  },
  {
    key: 'hellabrunn',
    name: 'Tierpark Hellabrunn',
    en: 'Hellabrunn Zoo',
    de: 'Der Tierpark an der Isar wurde 1911 eröffnet und 1928 als erster Geozoo der Welt neu gestaltet, mit Tieren nach Kontinenten geordnet. Auf rund 40 Hektar leben hier Tiere aus aller Welt.',
    enText:
      'The zoo on the Isar opened in 1911 and in 1928 became the world\'s first "geo-zoo", its animals arranged by continent. Animals from all over the world live on some 40 hectares.',
    lat: 48.0993,
    lng: 11.5553,
    address: 'Tierparkstraße 30',
    category: 'nature',
    accessibility: ['step_free', 'accessible_toilet', 'accessible_parking', 'wheelchair_rental'],
    website: 'https://www.hellabrunn.de',
  },
  {
    key: 'allianz-arena',
    name: 'Allianz Arena',
    de: 'Das Fußballstadion im Norden der Stadt ist seit 2005 die Heimat des FC Bayern München. Seine Hülle aus rund 2800 Luftkissen kann in verschiedenen Farben leuchten.',
    enText:
      'The football stadium in the north of the city has been the home of FC Bayern Munich since 2005. Its shell of some 2,800 air cushions can glow in different colours.',
    lat: 48.2188,
    lng: 11.6247,
    address: 'Werner-Heisenberg-Allee 25',
    category: 'sport',
    accessibility: ['step_free', 'elevator', 'accessible_toilet', 'accessible_parking', 'hearing_loop'],
    website: 'https://allianz-arena.com',
  },
  {
    key: 'siegestor',
    name: 'Siegestor',
    en: 'Victory Gate',
    de: 'Der Triumphbogen wurde 1852 fertiggestellt und trennt die Ludwigstraße von der Leopoldstraße. Seit dem Wiederaufbau trägt er die Inschrift „Dem Sieg geweiht, vom Krieg zerstört, zum Frieden mahnend“.',
    enText:
      'The triumphal arch was completed in 1852 and divides Ludwigstraße from Leopoldstraße. Since its rebuilding it bears the words "Dedicated to victory, destroyed by war, urging peace".',
    lat: 48.1524,
    lng: 11.5821,
    address: 'Leopoldstraße 1',
    category: 'sight',
    accessibility: ['step_free'],
  },
  {
    key: 'theresienwiese',
    name: 'Theresienwiese',
    de: 'Auf der Festwiese findet seit 1810 das Oktoberfest statt. Über ihr wacht die Bavaria, eine 18 Meter hohe Bronzestatue vor der Ruhmeshalle.',
    enText:
      'The Oktoberfest has been held on these grounds since 1810. They are watched over by the Bavaria, an 18-metre bronze statue in front of the Hall of Fame.',
    lat: 48.1316,
    lng: 11.5494,
    address: 'Theresienwiese',
    category: 'venue',
    accessibility: ['step_free'],
  },
  {
    key: 'nationaltheater',
    name: 'Nationaltheater',
    en: 'Bavarian State Opera (Nationaltheater)',
    de: 'Das klassizistische Opernhaus am Max-Joseph-Platz ist das Stammhaus der Bayerischen Staatsoper. Hier wurden Wagners „Tristan und Isolde“ und „Die Meistersinger von Nürnberg“ uraufgeführt.',
    enText:
      'The neoclassical opera house on Max-Joseph-Platz is the home of the Bavarian State Opera. Wagner\'s "Tristan und Isolde" and "Die Meistersinger von Nürnberg" were first performed here.',
    lat: 48.1395,
    lng: 11.5788,
    address: 'Max-Joseph-Platz 2',
    category: 'venue',
    accessibility: ['step_free', 'elevator', 'accessible_toilet', 'hearing_loop'],
    website: 'https://www.staatsoper.de',
  },
];

const texts = (p: DemoPlace): PlaceTextsView => ({
  en: { name: p.en ?? p.name, description: p.enText },
  de: { name: p.name, description: p.de },
});

/** The demo users' likes and lists (keys of MUNICH_PLACES, with notes). */
const DEMO_ACTIVITY = {
  private: {
    likes: ['viktualienmarkt', 'chinesischer-turm', 'deutsches-museum', 'eisbach', 'hofgarten', 'olympiapark', 'hellabrunn', 'asamkirche'],
    list: {
      name: 'Sunday in Munich',
      description: 'A slow day out with the kids.',
      visibility: 1,
      items: [
        ['deutsches-museum', 'Kids’ Kingdom opens at 9'],
        ['viktualienmarkt', 'Lunch at the stalls'],
        ['eisbach', 'Watch the surfers'],
        ['chinesischer-turm', 'Beer garden, playground next to it'],
      ],
    },
  },
  blogger: {
    likes: [
      'viktualienmarkt',
      'hofbraeuhaus',
      'marienplatz',
      'frauenkirche',
      'bmw-welt',
      'nymphenburg',
      'pinakothek-moderne',
      'allianz-arena',
      'chinesischer-turm',
      'theresienwiese',
    ],
    list: {
      name: 'First day in Munich',
      description: 'My walking tour for first-timers, from the old town to the English Garden.',
      visibility: 255,
      items: [
        ['marienplatz', 'Be there at 11 for the Glockenspiel'],
        ['peterskirche', 'Climb the 306 steps of Alter Peter'],
        ['viktualienmarkt', 'Weisswurst before noon'],
        ['frauenkirche', 'Find the devil’s footprint'],
        ['residenz', 'The Antiquarium alone is worth it'],
        ['hofgarten', ''],
        ['eisbach', ''],
        ['chinesischer-turm', 'End the day here'],
      ],
    },
  },
} as const;

/**
 * The demo catalogue (Munich landmarks), and likes and a list for the demo private user and
 * blogger. Called by seedDemo, only into an otherwise empty database.
 */
export async function seedDemoPlaces(outer: Db, demo: { private?: number; blogger?: number }): Promise<void> {
  await outer.transaction(async (t) => insertDemo(t as unknown as Db, demo));
}

async function insertDemo(db: Db, demo: { private?: number; blogger?: number }): Promise<void> {
  const rows = await db
    .insert(places)
    .values(
      MUNICH_PLACES.map((p) => ({
        name: p.name,
        description: p.de,
        texts: texts(p),
        latitude: p.lat,
        longitude: p.lng,
        address: p.address,
        city: DEMO_CITY,
        country: 'DE',
        category: p.category,
        website: p.website ?? null,
        accessibility: p.accessibility,
        source: 'manual' as const,
        visibility: 255,
        searchText: searchTextOf({ name: p.name, texts: texts(p), address: p.address, city: DEMO_CITY }),
      })),
    )
    .returning({ id: places.id, name: places.name });
  const idOf = new Map(MUNICH_PLACES.map((p) => [p.key, rows.find((r) => r.name === p.name)!.id]));

  for (const who of ['private', 'blogger'] as const) {
    const ownerId = demo[who];
    if (!ownerId) continue;
    const a = DEMO_ACTIVITY[who];
    const [likes] = await db.insert(lists).values({ ownerId, kind: 'likes', name: 'default' }).returning({ id: lists.id });
    await db.insert(listItems).values(a.likes.map((k, position) => ({ listId: likes.id, placeId: idOf.get(k)!, position })));
    const [list] = await db
      .insert(lists)
      .values({ ownerId, kind: 'list', name: a.list.name, description: a.list.description, visibility: a.list.visibility })
      .returning({ id: lists.id });
    await db
      .insert(listItems)
      .values(a.list.items.map(([k, note], position) => ({ listId: list.id, placeId: idOf.get(k)!, position, note })));
  }

  // a private place that still needs a location, as an import leaves it
  if (demo.private) {
    const [bakery] = await db
      .insert(places)
      .values({
        name: 'Grandma’s favourite bakery',
        source: 'imported',
        visibility: 1,
        creatorId: demo.private,
        searchText: searchTextOf({ name: 'Grandma’s favourite bakery' }),
      })
      .returning({ id: places.id });
    const [list] = await db
      .select({ id: lists.id })
      .from(lists)
      .where(and(eq(lists.ownerId, demo.private), eq(lists.kind, 'list')));
    const n = (
      await db
        .select({ id: listItems.id })
        .from(listItems)
        .where(inArray(listItems.listId, [list.id]))
    ).length;
    await db.insert(listItems).values({ listId: list.id, placeId: bakery.id, position: n, note: 'Somewhere in Haidhausen – set the pin' });
  }
}
