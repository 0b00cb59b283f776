# Draws the demo gallery's scenes as SVG (4:3): the trattoria's terrace, dining room, pizza oven,
# wine, ingredients, espresso and fresh pasta. With the five showcase dishes (../gerichte) they make
# the dozen demo pictures. Deterministic (fixed seed). Run: python3 design/bilder/galerie/generate.py,
# then bash design/bilder/render.sh and npm run demo:gallery (scripts/cli/demo-gallery.ts).
import math, os, random
here = os.path.dirname(os.path.abspath(__file__))
random.seed(11)
W, H = 1200, 900

def svg(defs, body):
    return f'''<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}">
<defs>
<radialGradient id="vignette" cx="50%" cy="45%" r="75%"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></radialGradient>
<filter id="glow" x="-100%" y="-100%" width="300%" height="300%"><feGaussianBlur stdDeviation="6"/></filter>
<filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur in="SourceAlpha" stdDeviation="12"/><feOffset dx="10" dy="14"/><feComponentTransfer><feFuncA type="linear" slope="0.45"/></feComponentTransfer><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>
<linearGradient id="wood" x1="0" y1="0" x2="1" y2="0.3"><stop offset="0" stop-color="#6b4226"/><stop offset="0.5" stop-color="#80512f"/><stop offset="1" stop-color="#5a361e"/></linearGradient>
{defs}
</defs>
{body}
<rect width="{W}" height="{H}" fill="url(#vignette)"/>
</svg>
'''

def table_top(y0=560):
    planks = "".join(
        f'<rect x="0" y="{y}" width="{W}" height="86" fill="url(#wood)" opacity="{0.9 if i % 2 else 1}"/>'
        f'<line x1="0" y1="{y}" x2="{W}" y2="{y}" stroke="#2a170a" stroke-opacity="0.4" stroke-width="2"/>'
        for i, y in enumerate(range(y0, H, 86)))
    return planks

def string_lights(y, sag, count, colour="#ffd98a"):
    out = f'<path d="M -20 {y} Q {W/2} {y+sag} {W+20} {y}" stroke="#2b2118" stroke-width="3" fill="none"/>'
    for i in range(1, count):
        t = i / count
        x = -20 + (W + 40) * t
        yy = (1 - t) ** 2 * y + 2 * (1 - t) * t * (y + sag) + t ** 2 * y
        out += f'<circle cx="{x:.0f}" cy="{yy+14:.0f}" r="16" fill="{colour}" opacity="0.55" filter="url(#glow)"/><circle cx="{x:.0f}" cy="{yy+14:.0f}" r="7" fill="#fff4cf"/>'
    return out

def bistro_table(cx, cy, scale=1.0, cloth="#f4efe4"):
    w = 170 * scale
    return (f'<g><rect x="{cx-6*scale:.0f}" y="{cy:.0f}" width="{12*scale:.0f}" height="{120*scale:.0f}" fill="#2b2118"/>'
            f'<ellipse cx="{cx:.0f}" cy="{cy:.0f}" rx="{w/2:.0f}" ry="{26*scale:.0f}" fill="{cloth}"/>'
            f'<path d="M {cx-w/2:.0f} {cy:.0f} L {cx-w/2+10*scale:.0f} {cy+50*scale:.0f} L {cx+w/2-10*scale:.0f} {cy+50*scale:.0f} L {cx+w/2:.0f} {cy:.0f} Z" fill="{cloth}" opacity="0.92"/>'
            f'<circle cx="{cx:.0f}" cy="{cy-16*scale:.0f}" r="{9*scale:.0f}" fill="#ffd98a" filter="url(#glow)"/>'
            f'<rect x="{cx-5*scale:.0f}" y="{cy-26*scale:.0f}" width="{10*scale:.0f}" height="{18*scale:.0f}" rx="3" fill="#fff4cf"/></g>')

def chair(cx, cy, scale=1.0, flip=1):
    s = scale
    return (f'<g transform="translate({cx} {cy}) scale({flip*s} {s})" fill="none" stroke="#3a2a1c" stroke-width="7" stroke-linecap="round">'
            f'<path d="M -30 0 L -30 -90"/><path d="M -30 -20 L 30 -20"/><path d="M 30 -20 L 30 60"/><path d="M -30 -20 L -30 60"/>'
            f'<path d="M -30 -80 L -2 -80"/><path d="M -30 -55 L -2 -55"/></g>')

def plant(x, y, scale=1.0):
    out = f'<g transform="translate({x} {y}) scale({scale})"><path d="M -40 0 L 40 0 L 30 70 L -30 70 Z" fill="#a4553a"/>'
    for i in range(14):
        a = math.radians(-160 + i * 10 + random.uniform(-4, 4))
        l = random.uniform(70, 130)
        out += f'<path d="M 0 0 Q {math.cos(a)*l*0.3:.0f} {math.sin(a)*l*0.9:.0f} {math.cos(a)*l:.0f} {math.sin(a)*l:.0f}" stroke="#{random.choice(["3f7f3a","4f9446","2f6a2c"])}" stroke-width="9" fill="none" stroke-linecap="round"/>'
    return out + '</g>'

files = {}

# 1 Terrace in the evening: sky, house wall, string lights, tables.
body = '<rect width="1200" height="900" fill="url(#sky)"/>'
body += '<rect x="0" y="300" width="1200" height="330" fill="#c9906a"/><rect x="0" y="300" width="1200" height="330" fill="url(#wall)"/>'
for x in (120, 470, 820):
    body += f'<path d="M {x} 600 L {x} 420 A 90 90 0 0 1 {x+180} 420 L {x+180} 600 Z" fill="#3b2418"/><path d="M {x+12} 600 L {x+12} 424 A 78 78 0 0 1 {x+168} 424 L {x+168} 600 Z" fill="#f3c47a" opacity="0.85"/>'
    body += f'<line x1="{x+90}" y1="346" x2="{x+90}" y2="600" stroke="#3b2418" stroke-width="6"/>'
body += '<rect x="0" y="600" width="1200" height="300" fill="#8a6a52"/>'
for r in range(600, 900, 40):
    body += f'<line x1="0" y1="{r}" x2="1200" y2="{r}" stroke="#6d5240" stroke-width="2"/>'
body += string_lights(90, 120, 13) + string_lights(190, 90, 10)
body += plant(60, 560, 1.1) + plant(1140, 560, 1.1)
body += chair(210, 700, 1.1) + chair(420, 700, 1.1, -1) + bistro_table(315, 640, 1.2)
body += chair(800, 720, 1.2) + chair(1030, 720, 1.2, -1) + bistro_table(915, 660, 1.35)
files['terrasse'] = svg('<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1c2a4a"/><stop offset="0.6" stop-color="#6b4a6e"/><stop offset="1" stop-color="#e0906a"/></linearGradient><linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.25"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient>', body)

# 2 Dining room: warm walls, arches, laid tables, lamps.
body = '<rect width="1200" height="900" fill="#d9a877"/><rect width="1200" height="520" fill="url(#wallglow)"/>'
for x in (80, 440, 800):
    body += f'<path d="M {x} 520 L {x} 260 A 160 160 0 0 1 {x+320} 260 L {x+320} 520 Z" fill="#b9784c"/><path d="M {x+30} 520 L {x+30} 270 A 130 130 0 0 1 {x+290} 270 L {x+290} 520 Z" fill="#f1cf9a"/>'
    for k in range(6):
        body += f'<rect x="{x+60+k*36}" y="{300+ (k%2)*20}" width="26" height="{90+(k%3)*10}" rx="5" fill="#{random.choice(["4a1f1f","2e3b22","5c2a1a","6b4a1f"])}"/>'
    body += f'<rect x="{x+40}" y="410" width="240" height="14" fill="#7a4a2a"/>'
for x in (260, 620, 980):
    body += f'<line x1="{x}" y1="0" x2="{x}" y2="150" stroke="#3a2a1c" stroke-width="3"/><path d="M {x-50} 190 L {x-20} 150 L {x+20} 150 L {x+50} 190 Z" fill="#2e2a22"/><ellipse cx="{x}" cy="200" rx="70" ry="28" fill="#ffe2a0" opacity="0.6" filter="url(#glow)"/>'
body += '<rect x="0" y="520" width="1200" height="380" fill="#6d4730"/>'
for cx, cy, sc in ((250, 640, 1.3), (600, 690, 1.5), (960, 640, 1.3)):
    body += chair(cx - 130 * sc, cy + 60, sc, 1) + chair(cx + 130 * sc, cy + 60, sc, -1) + bistro_table(cx, cy, sc * 1.2, "#fbf7ef")
    body += f'<circle cx="{cx-40*sc:.0f}" cy="{cy-4:.0f}" r="{14*sc:.0f}" fill="#fff" stroke="#ddd" stroke-width="2"/><circle cx="{cx+40*sc:.0f}" cy="{cy-4:.0f}" r="{14*sc:.0f}" fill="#fff" stroke="#ddd" stroke-width="2"/>'
files['gastraum'] = svg('<radialGradient id="wallglow" cx="50%" cy="30%" r="70%"><stop offset="0" stop-color="#f6d3a0"/><stop offset="1" stop-color="#c98d5c"/></radialGradient>', body)

# 3 Wood-fired oven with fire and a pizza peel.
body = '<rect width="1200" height="900" fill="#3a2a22"/>'
for row in range(0, 900, 60):
    off = 0 if (row // 60) % 2 else 60
    for x in range(-off, 1200, 120):
        body += f'<rect x="{x+3}" y="{row+3}" width="114" height="54" rx="6" fill="#{random.choice(["8a4a34","7a3f2c","93553c","6f3a29"])}"/>'
body += '<path d="M 200 900 L 200 420 Q 600 40 1000 420 L 1000 900 Z" fill="#c9b8a3"/>'
body += '<path d="M 330 700 L 330 520 Q 600 300 870 520 L 870 700 Z" fill="#1b120e"/>'
body += '<ellipse cx="600" cy="640" rx="230" ry="70" fill="#ff8a2a" opacity="0.5" filter="url(#glow)"/>'
for i in range(18):
    x = 470 + i * 15 + random.uniform(-8, 8); h = random.uniform(60, 170)
    body += f'<path d="M {x-22:.0f} 690 Q {x-10:.0f} {690-h*0.6:.0f} {x:.0f} {690-h:.0f} Q {x+12:.0f} {690-h*0.5:.0f} {x+22:.0f} 690 Z" fill="#{random.choice(["ffb02e","ff7a1a","ffd25a","f25c0f"])}" opacity="0.9"/>'
for i in range(7):
    body += f'<rect x="{440+i*40}" y="672" width="60" height="22" rx="10" fill="#5a3418" transform="rotate({random.randint(-12,12)} {470+i*40} 683)"/>'
body += '<rect x="200" y="700" width="800" height="40" fill="#a8957f"/><rect x="160" y="740" width="880" height="160" fill="#8d7a66"/>'
body += '<g transform="rotate(-18 900 760)"><rect x="640" y="745" width="520" height="16" rx="8" fill="#c59a62"/><ellipse cx="640" cy="753" rx="110" ry="70" fill="#d8b07a"/><circle cx="640" cy="753" r="58" fill="#e9b46a"/><circle cx="640" cy="753" r="46" fill="#c8361f"/>'
for k in range(7):
    body += f'<circle cx="{640+random.uniform(-30,30):.0f}" cy="{753+random.uniform(-30,30):.0f}" r="9" fill="#fbf5e6"/>'
body += '</g>'
files['holzofen'] = svg('', body)

# 4 Wine: bottle and two glasses by candlelight.
body = '<rect width="1200" height="900" fill="url(#dusk)"/>' + table_top(600)
body += '<ellipse cx="900" cy="330" rx="220" ry="220" fill="#ffcf7a" opacity="0.18" filter="url(#glow)"/>'
body += '<g filter="url(#soft)"><path d="M 520 600 L 520 330 Q 520 280 560 250 L 560 140 L 600 140 L 600 250 Q 640 280 640 330 L 640 600 Z" fill="#1f3a24"/><rect x="556" y="120" width="48" height="30" rx="4" fill="#6b1420"/><rect x="528" y="380" width="104" height="120" rx="6" fill="#efe6d2"/><text x="580" y="430" font-family="Georgia, serif" font-size="22" fill="#6b1420" text-anchor="middle">Chianti</text><text x="580" y="462" font-family="Georgia, serif" font-size="16" fill="#3a2a1c" text-anchor="middle">Classico</text></g>'
for gx, fill in ((330, 0.55), (800, 0.4)):
    body += (f'<g filter="url(#soft)"><path d="M {gx-70} 300 Q {gx-80} 440 {gx} 470 Q {gx+80} 440 {gx+70} 300 Z" fill="#ffffff" opacity="0.25" stroke="#fff" stroke-opacity="0.6" stroke-width="3"/>'
             f'<path d="M {gx-76} {470-170*fill:.0f} Q {gx-72} 450 {gx} 470 Q {gx+72} 450 {gx+76} {470-170*fill:.0f} Z" fill="#7a0f22"/>'
             f'<rect x="{gx-5}" y="470" width="10" height="110" fill="#fff" opacity="0.6"/><ellipse cx="{gx}" cy="585" rx="60" ry="12" fill="#fff" opacity="0.5"/></g>')
body += '<g><rect x="940" y="470" width="60" height="130" rx="6" fill="#f6efe0"/><path d="M 970 470 L 970 450" stroke="#222" stroke-width="3"/><ellipse cx="970" cy="425" rx="16" ry="30" fill="#ffcf5a" filter="url(#glow)"/><ellipse cx="970" cy="432" rx="7" ry="16" fill="#fff6cf"/></g>'
files['wein'] = svg('<linearGradient id="dusk" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2a1a18"/><stop offset="1" stop-color="#5a3323"/></linearGradient>', body)

# 5 Ingredients: tomatoes, basil, garlic, olive oil on a board.
body = table_top(0)
body += '<g filter="url(#soft)"><rect x="140" y="170" width="900" height="560" rx="50" fill="#c89b63"/></g>'
for (x, y, r) in ((360, 360, 85), (520, 300, 70), (470, 470, 78), (300, 540, 60), (640, 430, 64)):
    body += f'<g filter="url(#soft)"><circle cx="{x}" cy="{y}" r="{r}" fill="#d3301f"/><circle cx="{x-r*0.3:.0f}" cy="{y-r*0.3:.0f}" r="{r*0.35:.0f}" fill="#f06a4f" opacity="0.6"/><path d="M {x} {y-r} l -18 -12 M {x} {y-r} l 18 -12 M {x} {y-r} l 0 -22" stroke="#2f6a2c" stroke-width="8" stroke-linecap="round"/></g>'
for k in range(9):
    x, y, a = 760 + random.uniform(-60, 100), 280 + random.uniform(-40, 120), random.randint(0, 360)
    body += f'<g transform="translate({x:.0f} {y:.0f}) rotate({a})"><path d="M 0 0 C 30 -35, 80 -25, 100 0 C 80 25, 30 35, 0 0 Z" fill="#3f8f3a"/><path d="M 0 0 L 95 0" stroke="#2c6b28" stroke-width="2"/></g>'
for (x, y) in ((820, 590), (900, 560)):
    body += f'<g filter="url(#soft)"><path d="M {x} {y+60} Q {x-55} {y+40} {x-40} {y} Q {x-20} {y-30} {x} {y-50} Q {x+20} {y-30} {x+40} {y} Q {x+55} {y+40} {x} {y+60} Z" fill="#f3ede0" stroke="#d8ccb6" stroke-width="3"/></g>'
body += '<g filter="url(#soft)"><path d="M 1060 820 L 1060 520 Q 1060 470 1095 440 L 1095 330 L 1125 330 L 1125 440 Q 1160 470 1160 520 L 1160 820 Z" fill="#9aa83a" opacity="0.85"/><rect x="1090" y="300" width="40" height="36" rx="4" fill="#2e2a22"/></g>'
files['zutaten'] = svg('', body)

# 6 Espresso with biscotti.
body = '<rect width="1200" height="900" fill="#efe4d2"/>' + f'<rect x="0" y="0" width="1200" height="900" fill="url(#marble)"/>'
for k in range(12):
    body += f'<path d="M {random.randint(-100,1200)} {random.randint(0,900)} q {random.randint(100,300)} {random.randint(-80,80)} {random.randint(300,600)} {random.randint(-100,100)}" stroke="#c9bca6" stroke-width="{random.uniform(1,3):.1f}" fill="none" opacity="0.7"/>'
body += '<g filter="url(#soft)"><ellipse cx="560" cy="480" rx="260" ry="230" fill="#fbfaf7"/><ellipse cx="560" cy="480" rx="200" ry="175" fill="none" stroke="#e6e0d6" stroke-width="4"/></g>'
body += '<g filter="url(#soft)"><circle cx="560" cy="470" r="150" fill="#ffffff"/><path d="M 700 440 Q 800 440 790 500 Q 780 545 700 520" stroke="#fff" stroke-width="30" fill="none"/></g>'
body += '<circle cx="560" cy="470" r="122" fill="#4a2a16"/><circle cx="560" cy="470" r="112" fill="url(#crema)"/>'
body += '<path d="M 500 440 q 60 -40 120 0 q -60 40 -120 0" fill="#f3dcb3" opacity="0.7"/>'
for i, (x, y, a) in enumerate(((880, 640, -20), (930, 560, -8), (860, 760, 12))):
    body += f'<g transform="translate({x} {y}) rotate({a})" filter="url(#soft)"><rect x="-110" y="-32" width="220" height="64" rx="22" fill="#e0b36e"/><rect x="-110" y="-32" width="220" height="64" rx="22" fill="none" stroke="#b9853f" stroke-width="4"/>'
    for k in range(5):
        body += f'<ellipse cx="{random.uniform(-80,80):.0f}" cy="{random.uniform(-14,14):.0f}" rx="12" ry="8" fill="#9c6b3a"/>'
    body += '</g>'
body += '<g transform="rotate(30 260 700)"><rect x="150" y="690" width="200" height="18" rx="9" fill="#c9c3b8"/><ellipse cx="140" cy="699" rx="36" ry="22" fill="#d8d2c7"/></g>'
files['espresso'] = svg('<radialGradient id="marble" cx="40%" cy="35%" r="80%"><stop offset="0" stop-color="#fbf7f0"/><stop offset="1" stop-color="#ded2bf"/></radialGradient><radialGradient id="crema" cx="45%" cy="40%" r="60%"><stop offset="0" stop-color="#d9a25f"/><stop offset="0.7" stop-color="#b8773a"/><stop offset="1" stop-color="#7a4a22"/></radialGradient>', body)

# 7 Fresh pasta: flour well with eggs, tagliatelle nests, rolling pin.
body = table_top(0)
body += '<g filter="url(#soft)"><ellipse cx="420" cy="430" rx="300" ry="240" fill="#f6f0e3"/></g><ellipse cx="420" cy="430" rx="150" ry="110" fill="#eadfc7"/>'
for k in range(300):
    a = random.uniform(0, 2 * math.pi); r = random.uniform(150, 300)
    body += f'<circle cx="{420+math.cos(a)*r:.0f}" cy="{430+math.sin(a)*r*0.8:.0f}" r="{random.uniform(1,3):.1f}" fill="#fffdf7" opacity="0.8"/>'
body += '<ellipse cx="400" cy="420" rx="80" ry="62" fill="#fff6dd"/><circle cx="385" cy="410" r="34" fill="#f3a619"/><ellipse cx="470" cy="455" rx="55" ry="44" fill="#fff6dd"/><circle cx="462" cy="450" r="24" fill="#f0a016"/>'
for (cx, cy) in ((860, 300), (930, 560), (760, 700)):
    body += f'<g filter="url(#soft)"><circle cx="{cx}" cy="{cy}" r="95" fill="#f2d88a"/>'
    for k in range(16):
        rr = random.uniform(20, 90); st = random.uniform(0, 6.28)
        body += f'<path d="M {cx+rr*math.cos(st):.0f} {cy+rr*math.sin(st):.0f} A {rr:.0f} {rr:.0f} 0 0 1 {cx+rr*math.cos(st+2):.0f} {cy+rr*math.sin(st+2):.0f}" stroke="#e3c063" stroke-width="9" fill="none" stroke-linecap="round"/>'
    body += '</g>'
body += '<g transform="rotate(-25 300 780)" filter="url(#soft)"><rect x="80" y="760" width="520" height="56" rx="28" fill="#c9965a"/><rect x="20" y="775" width="80" height="26" rx="13" fill="#a9743c"/><rect x="580" y="775" width="80" height="26" rx="13" fill="#a9743c"/></g>'
files['pasta-fresca'] = svg('', body)

for name, text in files.items():
    with open(os.path.join(here, f"{name}.svg"), "w") as f:
        f.write(text)
print("wrote", ", ".join(sorted(files)))
