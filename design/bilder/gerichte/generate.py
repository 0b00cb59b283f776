# Draws the demo dishes of the home page's showcase as SVG (a top view on a wooden table), one per
# showcase category. Deterministic (fixed seed). Run: python3 design/bilder/gerichte/generate.py,
# then bash design/bilder/render.sh.
import math, os, random
here = os.path.dirname(os.path.abspath(__file__))
random.seed(7)
W,H=800,600
def table(extra_defs=""):
    # dark walnut table with linen napkin corner
    planks="".join(f'<rect x="0" y="{y}" width="{W}" height="76" fill="url(#wood)" opacity="{0.92 if i%2 else 1}"/><line x1="0" y1="{y}" x2="{W}" y2="{y}" stroke="#2a170a" stroke-opacity="0.35" stroke-width="2"/>' for i,y in enumerate(range(0,H,76)))
    grain="".join(f'<path d="M0 {y+random.randint(10,60)} C 200 {y+random.randint(0,70)}, 500 {y+random.randint(0,70)}, 800 {y+random.randint(10,60)}" stroke="#3b2211" stroke-opacity="0.18" fill="none" stroke-width="1.5"/>' for y in range(0,H,38))
    return f'''<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}">
<defs>
<linearGradient id="wood" x1="0" y1="0" x2="1" y2="0.2"><stop offset="0" stop-color="#6b4226"/><stop offset="0.5" stop-color="#7d4f2e"/><stop offset="1" stop-color="#5a361e"/></linearGradient>
<radialGradient id="light" cx="40%" cy="35%" r="75%"><stop offset="0" stop-color="#fff3d6" stop-opacity="0.35"/><stop offset="0.6" stop-color="#fff3d6" stop-opacity="0"/><stop offset="1" stop-color="#1a0d05" stop-opacity="0.45"/></radialGradient>
<radialGradient id="plate" cx="45%" cy="40%" r="60%"><stop offset="0" stop-color="#ffffff"/><stop offset="0.8" stop-color="#f1ede6"/><stop offset="1" stop-color="#d9d2c7"/></radialGradient>
<filter id="shadow" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur in="SourceAlpha" stdDeviation="10"/><feOffset dx="8" dy="12" result="o"/><feComponentTransfer><feFuncA type="linear" slope="0.45"/></feComponentTransfer><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>
{extra_defs}
</defs>
{planks}{grain}
<path d="M0 430 L170 600 L0 600 Z" fill="#f4efe4"/><path d="M0 446 L154 600" stroke="#b8202a" stroke-width="6" opacity="0.8"/><path d="M0 470 L130 600" stroke="#b8202a" stroke-width="3" opacity="0.6"/>
'''
def end():
    return '<rect width="800" height="600" fill="url(#light)"/>\n</svg>\n'
def basil(x,y,r,rot):
    return f'<g transform="translate({x} {y}) rotate({rot})"><path d="M0 0 C {r*0.6} {-r*0.7}, {r*1.6} {-r*0.5}, {r*2} 0 C {r*1.6} {r*0.5}, {r*0.6} {r*0.7}, 0 0 Z" fill="#3f8f3a"/><path d="M0 0 L {r*1.9} 0" stroke="#2c6b28" stroke-width="1.5"/></g>'
def plate(cx,cy,r):
    return f'<g filter="url(#shadow)"><circle cx="{cx}" cy="{cy}" r="{r}" fill="url(#plate)"/><circle cx="{cx}" cy="{cy}" r="{r*0.72}" fill="none" stroke="#d8d0c4" stroke-width="3"/></g>'

files={}
# 1 bruschetta on a board
s=table('<linearGradient id="board" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#c89b63"/><stop offset="1" stop-color="#a97a45"/></linearGradient><radialGradient id="bread" cx="40%" cy="35%" r="70%"><stop offset="0" stop-color="#f0c987"/><stop offset="0.7" stop-color="#d79a4e"/><stop offset="1" stop-color="#9c5e22"/></radialGradient>')
s+='<g filter="url(#shadow)"><rect x="150" y="140" width="520" height="330" rx="40" fill="url(#board)"/><rect x="640" y="270" width="110" height="60" rx="28" fill="url(#board)"/></g>'
for i,(x,y,rot) in enumerate([(250,300,-12),(400,290,6),(545,305,-4)]):
    s+=f'<g transform="translate({x} {y}) rotate({rot})"><ellipse rx="78" ry="112" fill="url(#bread)"/><ellipse rx="66" ry="98" fill="#e7b877"/>'
    for k in range(26):
        tx=random.uniform(-50,50); ty=random.uniform(-78,78)
        if (tx/55)**2+(ty/85)**2<1:
            s+=f'<rect x="{tx-9:.0f}" y="{ty-8:.0f}" width="{random.randint(14,20)}" height="{random.randint(12,18)}" rx="4" fill="#{random.choice(["d7301f","c0241a","e8492f"])}" transform="rotate({random.randint(0,60)} {tx:.0f} {ty:.0f})"/>'
    s+=basil(-20,-30,16,random.randint(0,360))+basil(10,35,14,random.randint(0,360))+'</g>'
s+=end(); files['antipasti']=s
# 2 spaghetti
s=table()
s+=plate(400,300,215)
s+='<g>'
for k in range(70):
    a=random.uniform(0,2*math.pi); r=random.uniform(10,120); x=400+r*math.cos(a); y=300+r*math.sin(a)*0.92
    rr=random.uniform(25,70); st=random.uniform(0,2*math.pi); en=st+random.uniform(1.5,3.5)
    x1=x+rr*math.cos(st); y1=y+rr*math.sin(st); x2=x+rr*math.cos(en); y2=y+rr*math.sin(en)
    s+=f'<path d="M{x1:.0f} {y1:.0f} A {rr:.0f} {rr:.0f} 0 0 1 {x2:.0f} {y2:.0f}" stroke="#{random.choice(["f2d27a","e9c25e","f6dd92","dcb04d"])}" stroke-width="7" fill="none" stroke-linecap="round"/>'
s+='</g><ellipse cx="405" cy="285" rx="62" ry="50" fill="#a8321f" opacity="0.92"/><ellipse cx="395" cy="278" rx="40" ry="30" fill="#c4452a" opacity="0.9"/>'
for k in range(40):
    s+=f'<circle cx="{400+random.uniform(-70,70):.0f}" cy="{290+random.uniform(-55,55):.0f}" r="{random.uniform(1.5,3.5):.1f}" fill="#fbf5e6"/>'
s+=basil(430,250,18,-30)+basil(425,255,15,40)
s+=end(); files['pasta']=s
# 3 pizza
s=table('<radialGradient id="crust" cx="45%" cy="40%" r="60%"><stop offset="0.8" stop-color="#e9b46a"/><stop offset="0.93" stop-color="#c9853d"/><stop offset="1" stop-color="#8f5322"/></radialGradient>')
s+='<g filter="url(#shadow)"><circle cx="400" cy="300" r="235" fill="#cfc6b8"/><circle cx="400" cy="300" r="228" fill="#dcd4c7"/></g>'
s+='<circle cx="400" cy="300" r="205" fill="url(#crust)"/><circle cx="400" cy="300" r="178" fill="#c8361f"/><circle cx="392" cy="292" r="160" fill="#d54426" opacity="0.6"/>'
for k in range(9):
    a=k*2*math.pi/9+0.3; r=random.uniform(60,125) if k%3 else 25
    x=400+r*math.cos(a); y=300+r*math.sin(a)
    s+=f'<path d="M{x-30:.0f} {y:.0f} C {x-32:.0f} {y-26:.0f}, {x+20:.0f} {y-34:.0f}, {x+30:.0f} {y-6:.0f} C {x+36:.0f} {y+20:.0f}, {x-8:.0f} {y+34:.0f}, {x-30:.0f} {y:.0f} Z" fill="#fbf6ea"/><ellipse cx="{x-6:.0f}" cy="{y-8:.0f}" rx="12" ry="7" fill="#ffffff" opacity="0.8"/>'
for k in range(6):
    a=random.uniform(0,2*math.pi); r=random.uniform(30,150)
    s+=basil(400+r*math.cos(a),300+r*math.sin(a),20,random.randint(0,360))
s+='<path d="M400 95 L400 505 M195 300 L605 300" stroke="#b0672c" stroke-opacity="0.25" stroke-width="2"/>'
s+=end(); files['pizza']=s
# 4 secondi: grilled fish with potatoes & lemon
s=table('<linearGradient id="fish" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#b9bfc2"/><stop offset="0.5" stop-color="#dfe2df"/><stop offset="1" stop-color="#8c9498"/></linearGradient>')
s+=plate(400,300,225)
s+='<g transform="rotate(-18 400 300)"><path d="M230 300 C 300 220, 470 215, 540 290 L 600 245 L 590 300 L 600 355 L 540 310 C 470 385, 300 380, 230 300 Z" fill="url(#fish)" stroke="#6f777b" stroke-width="2"/><circle cx="268" cy="292" r="8" fill="#222"/><circle cx="266" cy="290" r="3" fill="#fff"/>'
for k in range(5):
    x=320+k*42
    s+=f'<path d="M{x} 250 L{x+30} 350" stroke="#3a2a1c" stroke-width="7" stroke-opacity="0.75" stroke-linecap="round"/>'
s+='</g>'
for (x,y) in [(300,430),(345,450),(395,455),(470,440),(520,420)]:
    s+=f'<ellipse cx="{x}" cy="{y}" rx="26" ry="20" fill="#e2b45a"/><ellipse cx="{x-6}" cy="{y-6}" rx="12" ry="8" fill="#f3d38a"/><path d="M{x-18} {y+6} q 10 -8 20 -2" stroke="#a8702c" stroke-width="2" fill="none"/>'
s+='<g transform="translate(555 185) rotate(20)"><ellipse rx="42" ry="30" fill="#f4d23c"/><ellipse rx="34" ry="23" fill="#fbe98a"/>'+''.join(f'<path d="M0 0 L {34*math.cos(k*math.pi/4):.0f} {23*math.sin(k*math.pi/4):.0f}" stroke="#f4d23c" stroke-width="2"/>' for k in range(8))+'</g>'
for k in range(3):
    s+=f'<path d="M{250+k*14} {200-k*6} l 110 -30" stroke="#2f5e2a" stroke-width="3"/>'+''.join(f'<path d="M{260+k*14+j*12} {197-k*6-j*3} l -6 -9 M{260+k*14+j*12} {197-k*6-j*3} l 6 9" stroke="#3f7f36" stroke-width="2"/>' for j in range(9))
s+=end(); files['secondi']=s
# 5 dolci: tiramisu square with cocoa, spoon
s=table('<linearGradient id="tira" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7a4a2a"/><stop offset="1" stop-color="#5b3219"/></linearGradient>')
s+=plate(390,300,215)
s+='<g filter="url(#shadow)"><rect x="290" y="205" width="190" height="175" rx="10" fill="#f6ead4"/><rect x="290" y="205" width="190" height="150" rx="10" fill="url(#tira)"/></g>'
for k in range(220):
    s+=f'<circle cx="{random.uniform(296,474):.0f}" cy="{random.uniform(211,349):.0f}" r="{random.uniform(0.8,2.4):.1f}" fill="#{random.choice(["3b1e0d","4a2814","2c1509"])}" opacity="0.8"/>'
s+='<path d="M292 357 h186" stroke="#e8d4ae" stroke-width="6"/><path d="M292 368 h186" stroke="#a0683a" stroke-width="5"/>'
s+='<g transform="translate(555 330) rotate(-35)"><ellipse rx="26" ry="36" fill="#d9dde0" stroke="#9aa1a6" stroke-width="2"/><rect x="-6" y="32" width="12" height="120" rx="6" fill="#c7ccd0" stroke="#9aa1a6" stroke-width="2"/></g>'
s+='<g transform="translate(420 215)">'+basil(0,0,16,-120).replace('#3f8f3a','#56a84c')+basil(0,0,14,-60).replace('#3f8f3a','#56a84c')+'</g>'
for (x,y,c) in [(250,430,"#7b1e3a"),(268,445,"#5e1630"),(238,452,"#8c2446"),(520,200,"#b3132b"),(536,212,"#c2182f")]:
    s+=f'<circle cx="{x}" cy="{y}" r="11" fill="{c}"/><circle cx="{x-3}" cy="{y-3}" r="3" fill="#fff" opacity="0.5"/>'
s+=end(); files['dolci']=s
for k,v in files.items():
    open(os.path.join(here, f'{k}.svg'), 'w').write(v)
print("ok")
